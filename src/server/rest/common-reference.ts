import { schoolsInput } from "../../domains/reference/reference.schema.ts";
import * as reference from "../../domains/reference/reference.service.ts";
import { blankToUndefined, type Controller, fields, type RestRequest, textOf } from "./registry.ts";

/**
 * common/*: the read-only lookups of the profile forms (public, docs/rest-api.md "common").
 * Sports answer {id, name}. States answer the original's TbState fields {name, abbreviation,
 * stateId} (stateId: the state's place in the alphabetical list, 1 to 51; Sideline keys states by
 * their code) plus id, the two-letter code that GetSchoolByState and the save actions take.
 * Schools answer {schoolId, schoolName}, schoolId as text as the original sent it.
 */

/** GetSchoolByState's state: a two-letter code, or a state's name as the original also took it ("Texas"). */
async function stateCodeOf(req: RestRequest, given: unknown): Promise<string> {
  const text = (textOf(given) ?? "").trim();
  const byName = (await reference.states(req.app)).find((s) => s.name.toLowerCase() === text.toLowerCase());
  return byName?.code ?? text;
}

export const commonReference: Controller = {
  GetSportsList: {
    methods: ["GET"],
    public: true,
    handler: async (req) => (await reference.sports(req.app)).map(({ id, name }) => ({ id, name })),
  },
  GetStates: {
    methods: ["GET"],
    public: true,
    handler: async (req) =>
      (await reference.states(req.app)).map(({ code, name }, i) => ({ id: code, name, abbreviation: code, stateId: i + 1 })),
  },
  GetSchoolByState: {
    methods: ["GET"],
    public: true,
    handler: async (req) => {
      const f = fields(req, ["state", "institutionType"]);
      const input = schoolsInput.parse({ state: await stateCodeOf(req, f.state), institutionType: blankToUndefined(f.institutionType) });
      const schools = await reference.schools(req.app, input.state, input.institutionType);
      return schools.map((s) => ({ schoolId: String(s.id), schoolName: s.name }));
    },
  },
};
