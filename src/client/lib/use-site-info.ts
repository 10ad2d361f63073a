import { useQuery } from "@tanstack/react-query";
import { trpc } from "./trpc.ts";

/** The instance's own name, texts and registration mode (admins set them, decision 039); undefined until loaded. */
export const useSiteInfo = () => useQuery({ ...trpc.site.info.queryOptions(), staleTime: 60_000 }).data;
