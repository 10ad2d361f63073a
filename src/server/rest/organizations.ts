import { companiesInput, industriesInput } from "../../domains/reference/reference.schema.ts";
import * as reference from "../../domains/reference/reference.service.ts";
import { type Controller, fields, textOf } from "./registry.ts";

/**
 * organizations/*: the company lookup of the work-experience form (signed-in members).
 * Sectors answer an array of names; industries and companies [{id, name}] (spec: Company lookup).
 */
export const organizations: Controller = {
  GetCompanySectors: {
    methods: ["GET"],
    handler: async (req) => (await reference.sectors(req.app)).map((s) => s.name),
  },
  GetIndustries: {
    methods: ["GET"],
    handler: async (req) => {
      const { sector } = industriesInput.parse({ sector: textOf(fields(req, ["sector"]).sector) ?? "" });
      return (await reference.industries(req.app, sector)).map(({ id, name }) => ({ id, name }));
    },
  },
  GetCompanies: {
    methods: ["GET"],
    handler: async (req) => {
      const f = fields(req, ["sector", "industry"]);
      const input = companiesInput.parse({ sector: textOf(f.sector) ?? "", industry: (textOf(f.industry) ?? "") || undefined });
      return (await reference.companies(req.app, input.sector, input.industry)).map(({ id, name }) => ({ id, name }));
    },
  },
};
