import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { companiesInput, industriesInput, schoolsInput } from "./reference.schema.ts";
import * as reference from "./reference.service.ts";

/** Lookups for the profile forms (signed-in members). */
export const referenceRouter = router({
  sports: memberProcedure.query(({ ctx }) => reference.sports(ctx.app)),
  states: memberProcedure.query(({ ctx }) => reference.states(ctx.app)),
  schools: memberProcedure.input(schoolsInput).query(({ ctx, input }) => reference.schools(ctx.app, input.state, input.institutionType)),
  degreeTypes: memberProcedure.query(({ ctx }) => reference.degreeTypes(ctx.app)),
  competitionLevels: memberProcedure.query(({ ctx }) => reference.competitionLevels(ctx.app)),
  otherSportingInterests: memberProcedure.query(({ ctx }) => reference.otherSportingInterests(ctx.app)),
  interests: memberProcedure.query(({ ctx }) => reference.interests(ctx.app)),
  sectors: memberProcedure.query(({ ctx }) => reference.sectors(ctx.app)),
  industries: memberProcedure.input(industriesInput).query(({ ctx, input }) => reference.industries(ctx.app, input.sector)),
  companies: memberProcedure.input(companiesInput).query(({ ctx, input }) => reference.companies(ctx.app, input.sector, input.industry)),
});
