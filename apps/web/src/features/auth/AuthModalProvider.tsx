// The first-visit side of auth: lets the header and the save/follow/download buttons open the
// auth modal, and opens the soft-ban dialog for an `aec` link. The modal itself is a lazily
// loaded chunk, fetched when it first opens (or when a pointer or focus reaches a button that
// opens it), so the home page does not carry it.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { aecOpensSoftBan, searchWithoutAec } from './aec.ts';
import type { AuthModalRequest } from './flowTypes.ts';

const loadAuthChunk = () => import('./AuthModal.tsx');

const AuthModal = lazy(() => loadAuthChunk().then((module) => ({ default: module.AuthModal })));
const SoftBanDialog = lazy(() =>
  loadAuthChunk().then((module) => ({ default: module.SoftBanDialog })),
);

/** Starts downloading the auth chunk ahead of a click. */
export function preloadAuth(): void {
  void loadAuthChunk();
}

interface AuthModalApi {
  openAuth: (request: AuthModalRequest) => void;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

interface OpenModal {
  request: AuthModalRequest;
  /** The history entry it was opened on: going anywhere else closes it. */
  locationKey: string;
}

export function AuthModalProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<OpenModal | null>(null);
  const [softBanOpen, setSoftBanOpen] = useState(false);

  // auth.md §2: `aec=<soft-ban code>` opens the soft-banned dialog and leaves the address. A
  // replace, so Back does not bring the parameter (and the dialog) back.
  const hasAec = aecOpensSoftBan(location.search);
  if (hasAec && !softBanOpen) setSoftBanOpen(true);
  useEffect(() => {
    if (!hasAec) return;
    void navigate(
      {
        pathname: location.pathname,
        search: searchWithoutAec(location.search),
        hash: location.hash,
      },
      { replace: true },
    );
  }, [hasAec, navigate, location.pathname, location.search, location.hash]);

  const openAuth = useCallback(
    (request: AuthModalRequest) => setOpen({ request, locationKey: location.key }),
    [location.key],
  );
  const api = useMemo(() => ({ openAuth }), [openAuth]);
  const close = useCallback(() => setOpen(null), []);
  // Another page (a link, Back) closes the modal for good; coming back does not reopen it.
  if (open && open.locationKey !== location.key) setOpen(null);

  return (
    <AuthModalContext.Provider value={api}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <AuthModal request={open.request} onClose={close} />
        </Suspense>
      ) : null}
      {softBanOpen ? (
        <Suspense fallback={null}>
          <SoftBanDialog onClose={() => setSoftBanOpen(false)} />
        </Suspense>
      ) : null}
    </AuthModalContext.Provider>
  );
}

export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal needs an AuthModalProvider');
  return api;
}
