import { queryClient, trpc } from "../../lib/trpc.ts";

/**
 * After a change that shows elsewhere (name, e-mail): reload the signed-in member (navbar), every
 * profile answer and the settings answers.
 */
export async function refreshMemberViews(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries(trpc.account.me.queryFilter()),
    queryClient.invalidateQueries(trpc.profiles.pathFilter()),
    queryClient.invalidateQueries(trpc.settings.pathFilter()),
  ]);
}
