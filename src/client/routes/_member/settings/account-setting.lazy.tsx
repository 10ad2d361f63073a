import { createLazyFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { AccountSettingsPage } from "../../../features/settings/AccountSettingsPage.tsx";
import type { AccountTab } from "../../../features/settings/tabs.ts";

export const Route = createLazyFileRoute("/_member/settings/account-setting")({ component: AccountSettingsRoute });

function AccountSettingsRoute() {
  const { tab, confirmEmail, code } = Route.useSearch();
  const navigate = Route.useNavigate();
  const emailLink = confirmEmail && code ? { email: confirmEmail, code } : null;
  const onTabChange = useCallback((next: AccountTab) => void navigate({ search: { tab: next }, replace: true }), [navigate]);
  const onEmailLinkUsed = useCallback(() => void navigate({ search: { tab: "email" }, replace: true }), [navigate]);
  return (
    <AccountSettingsPage
      tab={tab ?? (emailLink ? "email" : "photo")}
      onTabChange={onTabChange}
      emailLink={emailLink}
      onEmailLinkUsed={onEmailLinkUsed}
    />
  );
}
