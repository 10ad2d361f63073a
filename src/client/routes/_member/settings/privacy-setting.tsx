import { createFileRoute } from "@tanstack/react-router";
import { privacySettingsSearch } from "../../../features/settings/tabs.ts";

/** Privacy settings (spec route settings/privacy-setting; ?tab=profile|search). */
export const Route = createFileRoute("/_member/settings/privacy-setting")({ validateSearch: privacySettingsSearch });
