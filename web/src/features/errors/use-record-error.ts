import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { recordClientError } from '../bug-report/client-error-log.ts';
import { reportPossibleCacheTrouble } from './cache-trouble-offer.ts';
import { describeRouteError } from './error-message.ts';

/** Puts what a screen caught into the bug-report error log (and the cache-trouble count), once per error. */
export function useRecordError(error: unknown, context: string): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const recorded = useRef<unknown>(undefined);
  useEffect(() => {
    if (error === undefined || error === null || recorded.current === error) return;
    recorded.current = error;
    recordClientError(`${context}: ${describeRouteError(error)}`, pathname);
    reportPossibleCacheTrouble(error, queryClient);
  }, [error, context, pathname, queryClient]);
}
