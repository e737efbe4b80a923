/// <reference types="vite/client" />

declare module 'virtual:route-table' {
  const table: Record<string, import('../../shared/routes/route-table').ClientRouteEntry>;
  export default table;
}

declare module 'virtual:route-access' {
  const table: Record<string, import('../../shared/routes/define').Access>;
  export default table;
}
