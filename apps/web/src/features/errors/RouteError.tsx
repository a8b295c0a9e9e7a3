import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { href } from '../../nav/routes';
import { ErrorPage } from './ErrorPage';
import { reportCrash } from './report';

/** The router's `errorElement`: a failed loader, lazy import or render anywhere in a route. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => reportCrash(error, 'router'), [error]);
  return <ErrorPage onHome={() => void navigate(href('home'), { replace: true })} />;
}
