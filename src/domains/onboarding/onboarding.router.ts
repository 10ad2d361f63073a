import { memberProcedure, router } from "../../platform/trpc/init.ts";
import * as onboarding from "./onboarding.service.ts";

/** The signed-in member's first hour: the checklist's progress and the Site Guide that follows it. */
export const onboardingRouter = router({
  firstHour: memberProcedure.query(({ ctx }) => onboarding.firstHour(ctx.app, ctx.actor)),
  siteGuide: memberProcedure.query(({ ctx }) => onboarding.siteGuide(ctx.app, ctx.actor)),
});
