import { ActionIcon, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBan, IconDots, IconFlag } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { safetyTexts } from "../../../shared/safety-texts.ts";
import { fillText } from "../../../shared/texts.ts";
import { ConfirmModal } from "../contacts/ConfirmModal.tsx";
import { queryClient, trpcClient } from "../../lib/trpc.ts";
import { ReportModal } from "./ReportModal.tsx";

/**
 * The menu on another member's profile: Block (after a confirmation; the profile is then closed to
 * both, so the member goes to the blocked list, where Unblock is) and Report.
 */
export function MemberSafetyMenu({ memberId, name }: { memberId: number; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const navigate = useNavigate();
  const block = useMutation({
    mutationFn: () => trpcClient.contacts.block.mutate({ memberId }),
    onSuccess: async () => {
      notifications.show({ message: fillText(safetyTexts.blockDone, { name }), color: "teal" });
      await queryClient.invalidateQueries();
      await navigate({ to: "/settings/privacy-setting", search: { tab: "blocked" } });
    },
    onError: (error) => notifications.show({ message: error.message, color: "red" }),
  });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={safetyTexts.memberMenu} loading={block.isPending}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconBan size={14} aria-hidden />} color="red" onClick={() => setConfirming(true)}>
            {safetyTexts.block}
          </Menu.Item>
          <Menu.Item leftSection={<IconFlag size={14} aria-hidden />} onClick={() => setReporting(true)}>
            {safetyTexts.reportAction}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        member={confirming ? { memberId, name } : null}
        title={fillText(safetyTexts.blockTitle, { name })}
        message={safetyTexts.blockBody}
        confirmLabel={safetyTexts.blockConfirm}
        cancelLabel={safetyTexts.cancel}
        danger
        onConfirm={() => block.mutate()}
        onClose={() => setConfirming(false)}
      />
      <ReportModal target={reporting ? { kind: "member", id: memberId } : null} onClose={() => setReporting(false)} />
    </>
  );
}
