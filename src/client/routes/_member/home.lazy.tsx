import { createLazyFileRoute } from "@tanstack/react-router";
import { HomePage } from "../../features/feed/HomePage.tsx";

export const Route = createLazyFileRoute("/_member/home")({ component: HomePage });
