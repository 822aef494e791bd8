// How the shell shows a toast without importing the toast library: toasts.tsx (loaded on demand)
// provides the function; until it does, and in views rendered without it, a toast is dropped, as
// with notistack's own context.
import { createContext, useContext } from 'react';

export type ToastVariant = 'success' | 'error' | 'warning' | 'info';
export type Notify = (text: string, variant: ToastVariant) => void;

export const NotifyContext = createContext<Notify>(() => {});

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
