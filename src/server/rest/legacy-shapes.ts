import type { SessionMember } from "../../domains/accounts/accounts.schema.ts";
import type { IssuedSession } from "../../domains/accounts/sessions.ts";

/** The login result of the original service; every string empty when there is no such member. */
export function loginResult(member?: SessionMember | null, session?: IssuedSession | null, status?: number) {
  return {
    memberID: member ? String(member.memberId) : "",
    currentStatus: member ? String(status ?? member.status) : "",
    email: member?.email ?? "",
    title: member?.title ?? "",
    name: member?.name ?? "",
    accessToken: session?.token ?? "",
    picturePath: member?.picturePath ?? "",
    expiredDate: session?.expiresAt ?? "",
  };
}
