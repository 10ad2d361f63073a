import { expect, type Page } from "@playwright/test";
import type { SinkMessage, WaitOptions } from "../../support/mail-sink.ts";
import { api, bearer, type RegisteredMember, registerAndConfirm } from "../../support/server.ts";

export const baseUrl = () => process.env.E2E_BASE_URL ?? "";

/** The next e-mail to `to` that the real SMTP peer of global-setup received (waits for it). */
export async function nextMail(to: string, options: WaitOptions = {}): Promise<SinkMessage> {
  const params = new URLSearchParams({ to });
  if (typeof options.subject === "string") params.set("subject", options.subject);
  const res = await fetch(`${process.env.E2E_MAILBOX_URL}/next?${params}`);
  if (!res.ok) throw new Error(`No mail to ${to}: ${await res.text()}`);
  return (await res.json()) as SinkMessage;
}

/** A member registered and confirmed through the REST endpoints (a precondition, not the journey). */
export function memberViaApi(overrides: Record<string, string> = {}, base = baseUrl()): Promise<RegisteredMember> {
  return registerAndConfirm(base, { waitForMail: nextMail }, overrides);
}

/** Deactivates a member the way the legacy client does (SetMemberStatus with status 3). */
export async function deactivateViaApi(member: RegisteredMember): Promise<void> {
  const res = await api(baseUrl()).get(`/api/member/SetMemberStatus?memberId=${member.memberId}&status=3`, {
    headers: bearer(member.accessToken),
  });
  expect(res.status).toBe(200);
}

/** A form field by its accessible name, as a screen reader announces it (the label without "*"). */
export function field(page: Page, name: string) {
  return page.getByRole("textbox", { name, exact: true });
}

/** Chooses an option of a Mantine select found by its label. */
export async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Logs in through the login screen and waits for home. */
export async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/");
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Logs out through the user menu and waits for the landing page. */
export async function logoutThroughUi(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: `${name}: account menu` }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
}
