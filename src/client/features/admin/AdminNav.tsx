import { Tabs } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { hasRole, type Role } from "../../../shared/members.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";

/** The admin area's tabs: members for moderators and admins, the audit log for admins. */
export function AdminNav({ current, role }: { current: "members" | "audit"; role: Role }) {
  return (
    <Tabs value={current} mb="md">
      <Tabs.List>
        <Tabs.Tab value="members" renderRoot={(props) => <Link {...props} to="/admin/members" />}>
          {adminTexts.adminMembers}
        </Tabs.Tab>
        {hasRole(role, "admin") && (
          <Tabs.Tab value="audit" renderRoot={(props) => <Link {...props} to="/admin/audit" />}>
            {adminTexts.adminAudit}
          </Tabs.Tab>
        )}
      </Tabs.List>
    </Tabs>
  );
}
