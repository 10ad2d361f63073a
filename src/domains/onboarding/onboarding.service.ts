import { NO_SUCH_MEMBER, notFound } from "../../shared/errors.ts";
import { ads } from "../news/news.service.ts";
import type { AdItem } from "../news/news.schema.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { FIRST_HOUR_STEPS, type FirstHour, type FirstHourStep } from "./onboarding.schema.ts";
import * as repo from "./onboarding.repository.ts";

/**
 * A member's first hour (issue 16): a photo of their own, a sport and a current status, a school, a
 * first contact and a first post. Read for the actor only (the checklist on home, the completeness
 * meter on the own profile, the Site Guide).
 */
export async function firstHour(ctx: AppContext, actor: Actor): Promise<FirstHour> {
  const facts = await repo.firstHourFacts(ctx.db, actor.memberId);
  if (!facts) throw notFound(NO_SUCH_MEMBER);
  const steps: Record<FirstHourStep, boolean> = {
    photo: facts.picturePath !== null && facts.picturePath !== "",
    sportAndStatus: facts.sport !== "" && facts.profileType !== "",
    education: Number(facts.hasSchool) === 1,
    contact: Number(facts.hasContact) === 1,
    post: Number(facts.hasPost) === 1,
  };
  const done = FIRST_HOUR_STEPS.filter((step) => steps[step]).length;
  const total = FIRST_HOUR_STEPS.length;
  return { steps, done, total, complete: done === total, percent: Math.round((done / total) * 100) };
}

/** The Site Guide's tips that are about first-hour steps (by the page they open), and those steps. */
const GUIDE_STEPS: Record<string, FirstHourStep[]> = {
  "/members/edit-profile": ["photo", "sportAndStatus", "education"],
  "/contacts/find-contacts": ["contact"],
  "/home": ["post"],
};

/**
 * The right column's Site Guide for this member: the SiteGuide tips, without those whose steps the
 * member has all done (no "Complete your profile" for a complete profile). Other tips always show.
 */
export async function siteGuide(ctx: AppContext, actor: Actor): Promise<AdItem[]> {
  const [items, progress] = await Promise.all([ads(ctx, "SiteGuide"), firstHour(ctx, actor)]);
  return items.filter((item) => !GUIDE_STEPS[item.navigateUrl]?.every((step) => progress.steps[step]));
}
