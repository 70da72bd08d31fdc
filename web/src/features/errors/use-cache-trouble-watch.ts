import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { reportPossibleCacheTrouble } from './cache-trouble-offer.ts';

/**
 * Uncaught errors and rejections (a module script that failed, an HTML page parsed as JSON) count
 * towards the cache-trouble offer too; query and mutation errors are fed by the query client.
 */
export function useCacheTroubleWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onError = (event: ErrorEvent) => reportPossibleCacheTrouble(event.error ?? event.message, queryClient);
    const onRejection = (event: PromiseRejectionEvent) => reportPossibleCacheTrouble(event.reason, queryClient);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [queryClient]);
}
