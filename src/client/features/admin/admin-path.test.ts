import { describe, expect, it } from "vitest";
import { ADMIN_PAGES } from "./admin-pages.ts";
import { resolveAdminPath } from "./admin-path.ts";

const paths = (pages: { path: string }[]) => pages.map((p) => p.path);

describe("the admin area's paths", () => {
  it("open nothing to a plain member, not even /admin itself", () => {
    for (const splat of ["", "members", "members/42", "reports", "audit"]) {
      const shown = resolveAdminPath(splat, "member");
      expect(shown.page, splat).toBeUndefined();
      expect(shown.allowed).toEqual([]);
    }
  });

  it("open a moderator's pages but not the admins' (the audit log), which is not found like an unknown path", () => {
    expect(paths(resolveAdminPath("members", "moderator").allowed)).toEqual(["members", "reports"]);
    expect(resolveAdminPath("members", "moderator").page?.path).toBe("members");
    expect(resolveAdminPath("reports", "moderator").page?.path).toBe("reports");
    expect(resolveAdminPath("audit", "moderator").page).toBeUndefined();
    expect(resolveAdminPath("no-such-page", "admin").page).toBeUndefined();
  });

  it("give an admin every page, /admin alone the first, and the page the rest of the path", () => {
    expect(paths(resolveAdminPath("", "admin").allowed)).toEqual(paths([...ADMIN_PAGES]));
    expect(resolveAdminPath("", "admin").page).toBe(ADMIN_PAGES[0]);
    expect(resolveAdminPath("/audit/", "admin")).toMatchObject({ page: { path: "audit" }, rest: [] });
    expect(resolveAdminPath("members/42", "admin")).toMatchObject({ page: { path: "members" }, rest: ["42"] });
  });
});
