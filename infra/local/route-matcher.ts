import type { RouteDef } from '../../shared/routes/define';

interface CompiledRoute {
  route: RouteDef;
  segments: Array<{ literal: string } | { param: string }>;
  /** Higher is more specific: '1' for each literal, '0' for each parameter, compared left to right. */
  score: string;
}

/**
 * Matches a request path against the declared path templates as API Gateway does: a literal segment
 * beats a parameter at the same position (`/admin/roles/verify-delete/{id}` over `/admin/roles/{id}`).
 * Routes are grouped by method and segment count, so a request compares only the templates it could fit.
 */
export function routeMatcher(routes: readonly RouteDef[]) {
  const groups = new Map<string, CompiledRoute[]>();
  for (const route of routes) {
    const segments = route.path
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        const param = segment.match(/^\{([^}]+)\}$/)?.[1];
        return param ? { param } : { literal: segment };
      });
    const score = segments.map((s) => ('literal' in s ? '1' : '0')).join('');
    const group = `${route.method} ${segments.length}`;
    groups.set(group, [...(groups.get(group) ?? []), { route, segments, score }]);
  }

  function match(
    method: string,
    path: string,
  ): { route: RouteDef; pathParameters: Record<string, string> } | undefined {
    const parts = path.split('/').filter(Boolean);
    let best: { candidate: CompiledRoute; params: Record<string, string> } | undefined;
    for (const candidate of groups.get(`${method} ${parts.length}`) ?? []) {
      if (best && candidate.score <= best.candidate.score) continue;
      const params: Record<string, string> = {};
      const ok = candidate.segments.every((segment, i) => {
        const part = parts[i]!;
        if ('literal' in segment) return segment.literal === part;
        try {
          params[segment.param] = decodeURIComponent(part);
        } catch {
          params[segment.param] = part;
        }
        return true;
      });
      if (ok) best = { candidate, params };
    }
    return best ? { route: best.candidate.route, pathParameters: best.params } : undefined;
  }

  /** Whether any route exists for the path with another method (for CORS preflight). */
  function hasPath(path: string): boolean {
    return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some((method) => match(method, path) !== undefined);
  }

  return { match, hasPath };
}
