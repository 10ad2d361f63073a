import { createLazyFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { PrivacySettingsPage } from "../../../features/settings/PrivacySettingsPage.tsx";
import type { PrivacyTab } from "../../../features/settings/tabs.ts";

export const Route = createLazyFileRoute("/_member/settings/privacy-setting")({ component: PrivacySettingsRoute });

function PrivacySettingsRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onTabChange = useCallback((next: PrivacyTab) => void navigate({ search: { tab: next }, replace: true }), [navigate]);
  return <PrivacySettingsPage tab={tab ?? "profile"} onTabChange={onTabChange} />;
}
