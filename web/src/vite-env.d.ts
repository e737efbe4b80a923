/// <reference types="vite/client" />

declare module 'virtual:route-table' {
  const table: Record<string, import('../../shared/routes/route-table').ClientRoute>;
  export default table;
}
