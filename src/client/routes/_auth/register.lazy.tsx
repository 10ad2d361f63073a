import { createLazyFileRoute } from "@tanstack/react-router";
import { RegisterPage } from "../../features/auth/RegisterPage.tsx";

export const Route = createLazyFileRoute("/_auth/register")({ component: RegisterPage });
