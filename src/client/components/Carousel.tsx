import { ActionIcon, Box, Card, type CardProps, Group, Text, Title, Tooltip, UnstyledButton } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import { type FocusEvent, type KeyboardEvent, type Key, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { fillText, texts } from "../../shared/texts.ts";
import { ErrorAlert } from "./ErrorAlert.tsx";

interface CarouselProps<T> {
  /** The visible heading, also the carousel's accessible name. */
  title: string;
  /** The heading level (2 on a screen, 2 in the right column). */
  titleOrder?: 2 | 3;
  titleSize?: string;
  /** undefined while loading (the skeleton shows). */
  items: T[] | undefined;
  error?: unknown;
  emptyText: string;
  skeleton: ReactNode;
  itemKey: (item: T) => Key;
  renderSlide: (item: T) => ReactNode;
  /** Time on one slide before the next comes by itself. */
  intervalMs?: number;
  cardProps?: CardProps;
}

/**
 * A carousel built from Mantine pieces (WAI-ARIA carousel pattern): a labelled region with previous
 * and next buttons, one dot per slide, the arrow keys (and Home/End) while focus is inside, and a
 * pause button. The dots are one tab stop (the current one; the arrow keys move between them), so
 * ten slides do not put ten stops between the keyboard and what follows. It moves on by itself
 * every `intervalMs`, except while the pointer is over it, while focus is inside it, after the
 * member paused it, and never when the system asks for reduced motion.
 * Every slide is laid in the same grid cell, the hidden ones invisible, so the card keeps the height
 * of its tallest slide and the content below it does not jump as it turns.
 */
export function Carousel<T>({
  title,
  titleOrder = 2,
  titleSize = "h4",
  items,
  error,
  emptyText,
  skeleton,
  itemKey,
  renderSlide,
  intervalMs = 8000,
  cardProps,
}: CarouselProps<T>) {
  const headingId = useId();
  const slidesId = useId();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const count = items?.length ?? 0;
  const current = count ? Math.min(index, count - 1) : 0;
  const rotates = count > 1 && !reducedMotion;
  const turning = rotates && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!turning) return;
    // Restarts on every move, so a slide chosen by hand gets its full time too.
    const timer = setTimeout(() => {
      if (!document.hidden) setIndex((i) => (i + 1) % count);
    }, intervalMs);
    return () => clearTimeout(timer);
  }, [turning, current, count, intervalMs]);

  const dotsRef = useRef<HTMLDivElement>(null);
  // Set when an arrow key moved the slide from a dot: focus then follows to the new current dot.
  const followDot = useRef(false);
  useEffect(() => {
    if (!followDot.current) return;
    followDot.current = false;
    dotsRef.current?.querySelector<HTMLElement>("[aria-current]")?.focus();
  }, [current]);

  const go = (to: number) => count && setIndex(((to % count) + count) % count);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    const target = e.target as HTMLElement;
    if (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
    const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    followDot.current = !!dotsRef.current?.contains(target);
    go(to);
  };
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
  };

  let body: ReactNode;
  if (!items) body = error ? <ErrorAlert error={error} /> : skeleton;
  else if (count === 0)
    body = (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  else
    body = (
      <Box id={slidesId} aria-live={turning ? "off" : "polite"} style={{ display: "grid" }}>
        {items.map((item, i) => (
          <Box
            key={itemKey(item)}
            role="group"
            aria-roledescription={texts.slide}
            aria-label={fillText(texts.slideOf, { n: i + 1, count })}
            aria-hidden={i !== current || undefined}
            inert={i !== current}
            style={{
              gridArea: "1 / 1",
              minWidth: 0,
              visibility: i === current ? "visible" : "hidden",
              opacity: i === current ? 1 : 0,
              transition: reducedMotion ? undefined : "opacity 250ms ease",
            }}
          >
            {renderSlide(item)}
          </Box>
        ))}
      </Box>
    );

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      aria-roledescription={count > 1 ? texts.carousel : undefined}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      {...cardProps}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="sm">
        <Title order={titleOrder} size={titleSize} id={headingId}>
          {title}
        </Title>
        {count > 1 && (
          <Group gap={4} wrap="nowrap">
            {rotates && (
              <Tooltip label={stopped ? texts.startRotation : texts.pauseRotation} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`${stopped ? texts.startRotation : texts.pauseRotation}: ${title}`}
                  onClick={() => setStopped((s) => !s)}
                >
                  {stopped ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
            <ActionIcon variant="light" aria-label={`${texts.previous}: ${title}`} aria-controls={slidesId} onClick={() => go(current - 1)}>
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="light" aria-label={`${texts.next}: ${title}`} aria-controls={slidesId} onClick={() => go(current + 1)}>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {body}
      {count > 1 && (
        <Group ref={dotsRef} gap={0} justify="center" mt="xs" role="group" aria-label={fillText(texts.chooseSlide, { title })}>
          {items?.map((item, i) => (
            <UnstyledButton
              key={itemKey(item)}
              aria-label={fillText(texts.showSlide, { n: i + 1, count })}
              aria-current={i === current || undefined}
              aria-controls={slidesId}
              tabIndex={i === current ? 0 : -1}
              onClick={() => go(i)}
              w={24}
              h={24}
              style={{ display: "grid", placeItems: "center", borderRadius: "50%" }}
            >
              <Box
                component="span"
                w={i === current ? 18 : 8}
                h={8}
                bg={i === current ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-default-border)"}
                style={{ borderRadius: 4, transition: reducedMotion ? undefined : "width 200ms ease" }}
              />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Card>
  );
}
