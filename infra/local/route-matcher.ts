import type { RouteDef } from '../../shared/routes/define';

interface CompiledRoute {
  route: RouteDef;
  segments: Array<{ literal: string } | { param: string }>;
}

/**
 * Matches a request path against the declared path templates as API Gateway does: a literal segment
 * beats a parameter at the same position (`/admin/roles/verify-delete/{id}` over `/admin/roles/{id}`).
 */
export function routeMatcher(routes: RouteDef[]) {
  const compiled: CompiledRoute[] = routes.map((route) => ({
    route,
    segments: route.path
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        const param = segment.match(/^\{([^}]+)\}$/)?.[1];
        return param ? { param } : { literal: segment };
      }),
  }));

  function score(candidate: CompiledRoute): string {
    // Higher is more specific: '1' for each literal, '0' for each parameter, compared left to right.
    return candidate.segments.map((s) => ('literal' in s ? '1' : '0')).join('');
  }

  function match(
    method: string,
    path: string,
  ): { route: RouteDef; pathParameters: Record<string, string> } | undefined {
    const parts = path.split('/').filter(Boolean);
    let best: { candidate: CompiledRoute; params: Record<string, string>; score: string } | undefined;
    for (const candidate of compiled) {
      if (candidate.route.method !== method || candidate.segments.length !== parts.length) continue;
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
      if (!ok) continue;
      const s = score(candidate);
      if (!best || s > best.score) best = { candidate, params, score: s };
    }
    return best ? { route: best.candidate.route, pathParameters: best.params } : undefined;
  }

  /** Whether any route exists for the path with another method (for CORS preflight). */
  function hasPath(path: string): boolean {
    return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some((method) => match(method, path) !== undefined);
  }

  return { match, hasPath };
}
