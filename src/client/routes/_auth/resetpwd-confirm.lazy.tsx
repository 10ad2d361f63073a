import { createLazyFileRoute } from "@tanstack/react-router";
import { ResetConfirmPage } from "../../features/auth/ResetConfirmPage.tsx";

export const Route = createLazyFileRoute("/_auth/resetpwd-confirm")({ component: ResetConfirmPage });
