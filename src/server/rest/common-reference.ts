import { schoolsInput } from "../../domains/reference/reference.schema.ts";
import * as reference from "../../domains/reference/reference.service.ts";
import { blankToUndefined, type Controller, fields } from "./registry.ts";

/**
 * common/*: the read-only lookups of the profile forms (public, docs/rest-api.md "common").
 * Lists answer {id, name}; a state's id is its two-letter code ("CA"), the value GetSchoolByState
 * and the save actions take.
 */
export const commonReference: Controller = {
  GetSportsList: {
    methods: ["GET"],
    public: true,
    handler: async (req) => (await reference.sports(req.app)).map(({ id, name }) => ({ id, name })),
  },
  GetStates: {
    methods: ["GET"],
    public: true,
    handler: async (req) => (await reference.states(req.app)).map(({ code, name }) => ({ id: code, name })),
  },
  GetSchoolByState: {
    methods: ["GET"],
    public: true,
    handler: async (req) => {
      const f = fields(req, ["state", "institutionType"]);
      const input = schoolsInput.parse({ state: f.state ?? "", institutionType: blankToUndefined(f.institutionType) });
      const schools = await reference.schools(req.app, input.state, input.institutionType);
      return schools.map((s) => ({ schoolId: s.id, schoolName: s.name }));
    },
  },
};
