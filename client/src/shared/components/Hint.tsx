import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type TouchEvent,
} from 'react';
import { createPortal } from 'react-dom';

/**
 * A short text shown beside an element on hover, keyboard focus or a long press: the app's tooltip. It replaces MUI's
 * Tooltip, whose positioning engine (Popper.js, ~30 KB gzip with MUI's Popper) every page with a tooltip downloaded
 * before it could show anything; a text bubble above or below its element needs none of it. Same contract as MUI's for
 * assistive technology: the title names the element (`aria-label`, unless it has a name of its own), or with
 * `describeChild` describes it while shown (`aria-describedby`).
 */
export interface HintProps {
  title: string;
  /** One element that takes pointer, focus and touch handlers and passes them to its DOM node (MUI components do). */
  children: ReactElement<Record<string, unknown>>;
  /** Preferred side; it flips when there is no room. */
  placement?: 'top' | 'bottom';
  describeChild?: boolean;
  /** How long a finger rests before the hint shows (0: at the touch). */
  enterTouchDelay?: number;
}

const HOVER_DELAY_MS = 100;
const TOUCH_DELAY_MS = 700;
const TOUCH_LINGER_MS = 1_500;
/** Between the element and the bubble, and the closest the bubble comes to the window's edge. */
const GAP_PX = 10;
const EDGE_PX = 8;
const ARROW_PX = 6;

type Handler<E> = ((event: E) => void) | undefined;

/** Whether the element was focused from the keyboard (a click's focus shows no hint). */
function focusedByKeyboard(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // a browser without :focus-visible
  }
}

export function Hint({ title, children, placement = 'top', describeChild = false, enterTouchDelay = TOUCH_DELAY_MS }: HintProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The latest show or hide, applied after its delay; a newer one cancels it (the effect's cleanup).
  const [change, setChange] = useState<{ to: HTMLElement | null; delayMs: number } | null>(null);
  const open = anchor !== null;
  const show = (element: HTMLElement, delayMs: number) => setChange({ to: element, delayMs });
  const hide = (delayMs = 0) => setChange({ to: null, delayMs });

  useEffect(() => {
    if (!change) return;
    const timer = setTimeout(() => setAnchor(change.to), change.delayMs);
    return () => clearTimeout(timer);
  }, [change]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setAnchor(null);
    // A fixed bubble would stay behind while its element scrolls away.
    const onScroll = () => setAnchor(null);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [open]);

  const own = children.props;
  /** The child's own handler for `name`, called before the hint's. */
  const ownHandler = <E,>(name: string, event: E) => (own[name] as Handler<E>)?.(event);
  const naming = describeChild ? { 'aria-describedby': open ? id : own['aria-describedby'] } : { 'aria-label': own['aria-label'] ?? title };

  return (
    <>
      {cloneElement(children, {
        ...naming,
        onPointerEnter: (event: PointerEvent<HTMLElement>) => {
          ownHandler('onPointerEnter', event);
          if (event.pointerType === 'mouse') show(event.currentTarget, HOVER_DELAY_MS);
        },
        onPointerLeave: (event: PointerEvent<HTMLElement>) => {
          ownHandler('onPointerLeave', event);
          if (event.pointerType === 'mouse') hide();
        },
        onFocus: (event: FocusEvent<HTMLElement>) => {
          ownHandler('onFocus', event);
          if (focusedByKeyboard(event.currentTarget)) show(event.currentTarget, 0);
        },
        onBlur: (event: FocusEvent<HTMLElement>) => {
          ownHandler('onBlur', event);
          hide();
        },
        onTouchStart: (event: TouchEvent<HTMLElement>) => {
          ownHandler('onTouchStart', event);
          show(event.currentTarget, enterTouchDelay);
        },
        onTouchEnd: (event: TouchEvent<HTMLElement>) => {
          ownHandler('onTouchEnd', event);
          hide(TOUCH_LINGER_MS);
        },
      })}
      {anchor &&
        createPortal(
          <Bubble id={id} anchor={anchor} placement={placement}>
            {title}
          </Bubble>,
          document.body,
        )}
    </>
  );
}

interface Position {
  left: number;
  top: number;
  side: 'top' | 'bottom';
  /** The arrow's distance from the bubble's left edge: under the element's middle. */
  arrowLeft: number;
}

/** The bubble, fixed beside `anchor`: centred on it, kept inside the window, flipped to the other side when needed. */
function Bubble({ id, anchor, placement, children }: { id: string; anchor: HTMLElement; placement: 'top' | 'bottom'; children: string }) {
  const bubble = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<Position | null>(null);
  useLayoutEffect(() => {
    const own = bubble.current?.getBoundingClientRect();
    if (!own) return;
    const at = anchor.getBoundingClientRect();
    const fitsAbove = at.top - GAP_PX - own.height >= EDGE_PX;
    const fitsBelow = at.bottom + GAP_PX + own.height <= window.innerHeight - EDGE_PX;
    const side = placement === 'top' ? (fitsAbove || !fitsBelow ? 'top' : 'bottom') : fitsBelow || !fitsAbove ? 'bottom' : 'top';
    const middle = at.left + at.width / 2;
    const left = Math.max(EDGE_PX, Math.min(middle - own.width / 2, window.innerWidth - EDGE_PX - own.width));
    setPosition({ left, top: side === 'top' ? at.top - GAP_PX - own.height : at.bottom + GAP_PX, side, arrowLeft: middle - left });
  }, [anchor, placement, children]);

  return (
    <Box
      ref={bubble}
      id={id}
      role="tooltip"
      sx={(theme) => ({
        position: 'fixed',
        left: position?.left ?? 0,
        top: position?.top ?? 0,
        visibility: position ? 'visible' : 'hidden',
        zIndex: theme.zIndex.tooltip,
        maxWidth: 300,
        px: 1,
        py: 0.5,
        borderRadius: 1,
        bgcolor: alpha(theme.palette.grey[700], 0.96),
        color: theme.palette.common.white,
        fontSize: theme.typography.pxToRem(12),
        fontWeight: 500,
        lineHeight: 1.4,
        overflowWrap: 'break-word',
        pointerEvents: 'none',
        '&::after': {
          content: '""',
          position: 'absolute',
          left: (position?.arrowLeft ?? 0) - ARROW_PX,
          borderInline: `${ARROW_PX}px solid transparent`,
          ...(position?.side === 'bottom'
            ? { bottom: '100%', borderBottom: `${ARROW_PX}px solid ${alpha(theme.palette.grey[700], 0.96)}` }
            : { top: '100%', borderTop: `${ARROW_PX}px solid ${alpha(theme.palette.grey[700], 0.96)}` }),
        },
      })}
    >
      {children}
    </Box>
  );
}
