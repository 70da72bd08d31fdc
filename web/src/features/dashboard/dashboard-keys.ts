/** Query keys of the dashboard's figures. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (businessId: string) => [...dashboardKeys.all, 'figures', businessId] as const,
};
