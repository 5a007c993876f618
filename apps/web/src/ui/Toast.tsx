// Short notices ("Email sent!") in a polite live region, each removed after its own duration.
// The region lives inside whatever surface shows it (a modal dialog makes everything outside
// itself inert, so a page-level region would be hidden behind it).
import './forms.css';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

export interface ToastOptions {
  durationMs: number;
  tone?: 'default' | 'error';
}

interface ToastItem {
  id: number;
  message: string;
  tone: 'default' | 'error';
}

type ShowToast = (message: string, options: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

export function ToastProvider({ label, children }: { label: string; children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const nextId = useRef(0);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const show = useCallback<ShowToast>((message, { durationMs, tone = 'default' }) => {
    nextId.current += 1;
    const id = nextId.current;
    setToasts((current) => [...current, { id, message, tone }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((toast) => toast.id !== id));
    }, durationMs);
    timers.current.add(timer);
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-region" role="status" aria-live="polite" aria-label={label}>
        {toasts.map((toast) => (
          <div key={toast.id} className={toast.tone === 'error' ? 'toast toast--error' : 'toast'}>
            {toast.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
