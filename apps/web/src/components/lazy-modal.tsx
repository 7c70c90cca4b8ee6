import { useEffect, useRef, useState, type ComponentType } from 'react';

import { loadOnce } from '@/lib/load-once';

type LazyModal<P> = (props: P) => React.JSX.Element | null;

type ModalLike = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };
/** How a lazy modal tells, from its props, that it is open, and how it closes itself when its code fails to load. */
type Opening<P> = { isOpen: (props: P) => boolean; close: (props: P) => void };
const modalOpening: Opening<ModalLike> = {
  isOpen: (props) => props.isOpen,
  close: (props) => props.onOpenChange(false),
};

/**
 * A modal whose code (its form, its calls' contracts, the validation library) loads when it first opens, not with the
 * page that holds it closed (docs/decisions/0017-first-load.md). Nothing of it renders before. A load that fails (no
 * network) closes it again, so the next tap loads it again.
 */
export function lazyModal<P extends ModalLike>(load: () => Promise<ComponentType<P>>): LazyModal<P>;
export function lazyModal<P extends object>(load: () => Promise<ComponentType<P>>, opening: Opening<P>): LazyModal<P>;
export function lazyModal<P extends object>(
  load: () => Promise<ComponentType<P>>,
  opening = modalOpening as unknown as Opening<P>,
): LazyModal<P> {
  let loaded: ComponentType<P> | undefined;
  const start = loadOnce(async () => (loaded = await load()));

  function LazyModal(props: P) {
    const isOpen = opening.isOpen(props);
    // The latest props, for closing after a failed load without restarting the load on every render.
    const propsRef = useRef(props);
    propsRef.current = props;
    const [component, setComponent] = useState<{ Modal: ComponentType<P> } | undefined>(() =>
      loaded ? { Modal: loaded } : undefined,
    );
    const [hasOpened, setOpened] = useState(isOpen);
    if (isOpen && !hasOpened) setOpened(true);

    useEffect(() => {
      if (!hasOpened || component) return;
      let isCurrent = true;
      start().then(
        (Modal) => {
          if (isCurrent) setComponent({ Modal });
        },
        () => {
          if (!isCurrent) return;
          setOpened(false);
          opening.close(propsRef.current);
        },
      );
      return () => {
        isCurrent = false;
      };
    }, [hasOpened, component]);

    if (!component) return null;
    return <component.Modal {...props} />;
  }
  return LazyModal;
}
