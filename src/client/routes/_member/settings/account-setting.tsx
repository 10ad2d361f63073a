import { createFileRoute } from "@tanstack/react-router";
import { accountSettingsSearch } from "../../../features/settings/tabs.ts";

/** Account settings (spec route settings/account-setting; ?tab, and ?confirmEmail&code from the e-mail link). */
export const Route = createFileRoute("/_member/settings/account-setting")({ validateSearch: accountSettingsSearch });
