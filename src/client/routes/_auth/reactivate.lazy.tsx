import { createLazyFileRoute } from "@tanstack/react-router";
import { ReactivatePage } from "../../features/auth/ReactivatePage.tsx";

export const Route = createLazyFileRoute("/_auth/reactivate")({ component: ReactivatePage });
