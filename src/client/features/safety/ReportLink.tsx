import { Anchor, Group } from "@mantine/core";
import { IconFlag } from "@tabler/icons-react";
import { useState } from "react";
import { safetyTexts } from "../../../shared/safety-texts.ts";
import { type ReportTargetRef, ReportModal } from "./ReportModal.tsx";

/** A small "Report" action (posts, replies, received messages) opening the report dialog; `label` names what is reported for screen readers. */
export function ReportLink({ target, label }: { target: ReportTargetRef; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Anchor component="button" type="button" size="xs" c="dimmed" aria-label={label} onClick={() => setOpen(true)}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconFlag size={14} aria-hidden />
          {safetyTexts.reportAction}
        </Group>
      </Anchor>
      <ReportModal target={open ? target : null} onClose={() => setOpen(false)} />
    </>
  );
}
