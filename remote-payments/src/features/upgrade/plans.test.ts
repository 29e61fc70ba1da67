import type { Product } from 'shared-contracts';
import {
  appIdFor,
  autoRenewalLink,
  defaultProductIndex,
  effectivePrice,
  isPhone,
  perDayPrice,
  purchaseLabel,
  savingPercent,
} from './plans';
import { TEST_CONFIG } from 'shared-contracts/testing';

function product(overrides: Partial<Product> = {}): Product {
  return {
    price: 30,
    cycle_type: 1,
    cycle_num: 1,
    is_default: 0,
    third_product_id: 'p',
    name: 'Monthly',
    discount_price: 0,
    ...overrides,
  };
}

describe('savingPercent', () => {
  const monthly = product({ name: 'Monthly', price: 9.99, discount_price: 4.99 });
  const yearly = product({ name: 'Yearly', price: 59.99, cycle_num: 12 });
  const weekly = product({ name: 'Weekly', price: 2.99, cycle_type: 2 });
  const plans = [monthly, yearly, weekly];

  it("measures a plan of several months against the month's regular price, rounded down", () => {
    // 59.99 / 12 = 5.00 a month against 9.99: 49.96 % saved, said as 49 %.
    expect(savingPercent(yearly, plans)).toBe(49);
    // A discounted year is measured by what the buyer pays: 47.95 / 12 = 4.00 a month.
    const discounted = product({ price: 99.9, discount_price: 47.95, cycle_num: 12 });
    expect(savingPercent(discounted, plans)).toBe(60);
  });

  it('says nothing for the month itself, a week, a dearer plan or without a monthly plan', () => {
    expect(savingPercent(monthly, plans)).toBeNull();
    expect(savingPercent(weekly, plans)).toBeNull();
    expect(savingPercent(product({ price: 200, cycle_num: 12 }), plans)).toBeNull();
    expect(savingPercent(yearly, [yearly, weekly])).toBeNull();
  });
});

describe('perDayPrice', () => {
  it('divides a monthly price by 30 days per cycle', () => {
    expect(perDayPrice(product({ price: 30, cycle_type: 1, cycle_num: 1 }))).toBe('1.00');
    expect(perDayPrice(product({ price: 99.99, cycle_type: 1, cycle_num: 12 }))).toBe('0.28');
  });

  it('divides any other cycle type by 7 days per cycle', () => {
    expect(perDayPrice(product({ price: 2.99, cycle_type: 2, cycle_num: 1 }))).toBe('0.43');
    expect(perDayPrice(product({ price: 14, cycle_type: 0, cycle_num: 2 }))).toBe('1.00');
  });

  it('uses the discount price when the plan is discounted', () => {
    const discounted = product({ price: 30, discount_price: 15, cycle_type: 1, cycle_num: 1 });
    expect(effectivePrice(discounted)).toBe(15);
    expect(perDayPrice(discounted)).toBe('0.50');
  });

  it('treats a missing cycle count as one cycle', () => {
    expect(perDayPrice(product({ price: 7, cycle_type: 2, cycle_num: 0 }))).toBe('1.00');
  });
});

describe('defaultProductIndex', () => {
  it('picks the plan marked default', () => {
    expect(defaultProductIndex([product(), product({ is_default: 1 }), product()])).toBe(1);
  });

  it('falls back to the first plan', () => {
    expect(defaultProductIndex([product(), product()])).toBe(0);
  });

  it('is null without plans', () => {
    expect(defaultProductIndex([])).toBeNull();
  });
});

describe('purchaseLabel', () => {
  it('asks to purchase for the discount price when there is one', () => {
    expect(purchaseLabel(product({ discount_price: 4.5 }))).toEqual({
      kind: 'purchase',
      amount: '4.50',
    });
  });

  it('says pay without a discount or without a plan', () => {
    expect(purchaseLabel(product({ discount_price: 0 }))).toEqual({ kind: 'pay' });
    expect(purchaseLabel(null)).toEqual({ kind: 'pay' });
  });
});

describe('platform rules', () => {
  it('asks for app 1 on iOS and app 2 elsewhere', () => {
    expect(appIdFor('ios')).toBe(1);
    expect(appIdFor('android')).toBe(2);
    expect(appIdFor('mobile')).toBe(2);
    expect(appIdFor('other')).toBe(2);
  });

  it('treats every platform but PC as a phone', () => {
    expect(isPhone('other')).toBe(false);
    expect(isPhone('mobile')).toBe(true);
  });

  it('links the Android auto-renewal agreement only on Android', () => {
    expect(autoRenewalLink('android', TEST_CONFIG.links)).toBe(
      TEST_CONFIG.links.autoRenewalAndroid,
    );
    expect(autoRenewalLink('ios', TEST_CONFIG.links)).toBe(TEST_CONFIG.links.autoRenewalOther);
    expect(autoRenewalLink('other', TEST_CONFIG.links)).toBe(TEST_CONFIG.links.autoRenewalOther);
  });
});
