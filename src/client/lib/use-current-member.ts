import { useSuspenseQuery } from "@tanstack/react-query";
import type { SessionMember } from "../../domains/accounts/accounts.schema.ts";
import { trpc } from "./trpc.ts";

/** The signed-in member inside the guarded area (the guard has loaded it already). */
export function useCurrentMember(): SessionMember {
  const { data } = useSuspenseQuery(trpc.account.me.queryOptions());
  if (!data) throw new Error("useCurrentMember used outside the signed-in area");
  return data;
}
