import { type ComponentType, lazy, Suspense, useState } from "react";
import type { ModalProps } from "./InfoModals.tsx";

/**
 * The information modals (about, terms, app preview), loaded the first time one opens: they are
 * behind a click on the logged-out screens, and Modal brings ~15 KB gzip that the first paint does
 * not need. Once opened they stay mounted, so closing keeps Modal's transition.
 */
function onFirstOpen(load: () => Promise<ComponentType<ModalProps>>) {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyModal(props: ModalProps) {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

export const AboutModal = onFirstOpen(() => import("./InfoModals.tsx").then((m) => m.AboutModal));
export const TermsModal = onFirstOpen(() => import("./InfoModals.tsx").then((m) => m.TermsModal));
export const AppPreviewModal = onFirstOpen(() => import("./InfoModals.tsx").then((m) => m.AppPreviewModal));
