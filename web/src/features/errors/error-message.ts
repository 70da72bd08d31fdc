import { isRouteErrorResponse } from 'react-router-dom';
import { describeThrown } from '../bug-report/client-error-log.ts';

/** One line describing what a route threw, for the error log and the screen's details. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  return describeThrown(error);
}
