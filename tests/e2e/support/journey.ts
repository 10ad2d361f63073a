import { expect, type Page } from "@playwright/test";
import type { SinkMessage, WaitOptions } from "../../support/mail-sink.ts";
import { registrationCodeOf } from "../../support/mail-sink.ts";
import { type RegisteredMember, registrationBody, uniqueEmail } from "../../support/server.ts";

export const baseUrl = () => process.env.E2E_BASE_URL ?? "";

/** The next e-mail to `to` that the real SMTP peer of global-setup received (waits for it). */
export async function nextMail(to: string, options: WaitOptions = {}): Promise<SinkMessage> {
  const params = new URLSearchParams({ to });
  if (typeof options.subject === "string") params.set("subject", options.subject);
  const res = await fetch(`${process.env.E2E_MAILBOX_URL}/next?${params}`);
  if (!res.ok) throw new Error(`No mail to ${to}: ${await res.text()}`);
  return (await res.json()) as SinkMessage;
}

/** A member as the journeys know it: what logs in, and the id other members reach it by. */
export type JourneyMember = Pick<RegisteredMember, "email" | "password" | "memberId">;

/**
 * A tRPC mutation over HTTP as the web client sends it (with the site's own Origin, which the CSRF
 * check asks of a cookie session). Answers the procedure's data and the session cookie it set.
 */
export async function trpcMutation(
  base: string,
  procedure: string,
  input: unknown,
  cookie = "",
): Promise<{ data: unknown; cookie: string }> {
  const res = await fetch(`${base}/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie },
    body: JSON.stringify(input),
  });
  const text = await res.text();
  expect(res.status, `${procedure}: ${text}`).toBe(200);
  const session = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  return {
    data: (JSON.parse(text) as { result: { data: unknown } }).result.data,
    cookie: session.length > 0 ? session.join("; ") : cookie,
  };
}

/** A member registered and confirmed by its e-mailed code through tRPC, as the web client does (a precondition, not the journey). */
export async function memberViaTrpc(overrides: Record<string, string> = {}, base = baseUrl()): Promise<JourneyMember> {
  const body = registrationBody(overrides);
  await trpcMutation(base, "account.register", body);
  const { code } = registrationCodeOf((await nextMail(body.email)).text);
  const { data } = await trpcMutation(base, "account.completeRegistration", { email: body.email, code });
  const done = data as { status: string; member?: { memberId: number } };
  if (done.status !== "active" || !done.member) throw new Error(`completeRegistration answered ${JSON.stringify(done)}`);
  return { email: body.email, password: body.password, memberId: done.member.memberId };
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

export interface RegistrationFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  gender: string;
  month: string;
  day: string;
  year: string;
  profileType: string;
}

/**
 * Fills the register page's form as a newcomer would (a fresh address unless `fields` gives one),
 * and ticks the terms unless `acceptTerms` is false. Does not submit.
 */
export async function fillRegistration(page: Page, fields: Partial<RegistrationFields> = {}, { acceptTerms = true } = {}): Promise<void> {
  const f: RegistrationFields = {
    firstName: "Maya",
    lastName: "Okafor",
    email: uniqueEmail("newcomer"),
    password: "goal5",
    gender: "Female",
    month: "April",
    day: "9",
    year: "2001",
    profileType: "Athlete (Amateur)",
    ...fields,
  };
  await field(page, "First Name").fill(f.firstName);
  await field(page, "Last Name").fill(f.lastName);
  await field(page, "Email").fill(f.email);
  await field(page, "Password").fill(f.password);
  await field(page, "Re-enter Password").fill(f.password);
  await choose(page, "Gender", f.gender);
  await choose(page, "Month", f.month);
  await choose(page, "Day", f.day);
  await page.getByRole("combobox", { name: "Year" }).fill(f.year);
  await page.getByRole("option", { name: f.year, exact: true }).click();
  await choose(page, "Profile Type", f.profileType);
  if (acceptTerms) await page.getByRole("checkbox", { name: /I have read and accept/ }).check();
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
