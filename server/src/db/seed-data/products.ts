/** The plans the upgrade sheet offers, for the iOS app (1) and the Android app (2). */
export function productRows(appId: 1 | 2) {
  const prefix = appId === 1 ? 'com.example.nimbus.ios' : 'com.example.nimbus.android';
  return [
    {
      name: 'Monthly',
      priceCents: 999,
      discountPriceCents: 499,
      cycleType: 1,
      cycleNum: 1,
      isDefault: false,
      suffix: 'monthly',
    },
    {
      name: 'Yearly',
      priceCents: 5999,
      discountPriceCents: 0,
      cycleType: 1,
      cycleNum: 12,
      isDefault: true,
      suffix: 'yearly',
    },
    {
      name: 'Weekly',
      priceCents: 299,
      discountPriceCents: 0,
      cycleType: 2,
      cycleNum: 1,
      isDefault: false,
      suffix: 'weekly',
    },
  ].map(({ suffix, ...row }, index) => ({
    ...row,
    appId,
    thirdProductId: `${prefix}.vip.${suffix}`,
    sortOrder: index,
  }));
}
