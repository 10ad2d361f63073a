import { queryClient, trpc } from "../../lib/trpc.ts";

/**
 * After a profile change: reload every profile answer (own and viewed) and the signed-in member
 * (name, title and picture in the navbar).
 */
export async function refreshProfile(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries(trpc.profiles.pathFilter()),
    queryClient.invalidateQueries(trpc.account.me.queryFilter()),
    // The first hour's checklist, meter and Site Guide follow the profile.
    queryClient.invalidateQueries(trpc.onboarding.pathFilter()),
  ]);
}
