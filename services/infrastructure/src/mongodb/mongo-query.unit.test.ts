import { escapeRegex, toMongoFilter, toMongoIndexKeys, toMongoPatch, toMongoSort } from './mongo-query.js';

describe('MongoDB translation', () => {
  it('maps equality, dotted paths and null', () => {
    expect(toMongoFilter({ status: 'OFFERED', 'customer.companyId': 'c-1', openOfferId: null })).toEqual({
      $and: [{ 'data.status': { $eq: 'OFFERED' } }, { 'data.customer.companyId': { $eq: 'c-1' } }, { 'data.openOfferId': { $eq: null } }],
    });
    expect(toMongoFilter({ status: { eq: 'X' } })).toEqual({ 'data.status': { $eq: 'X' } });
    expect(toMongoFilter({ status: { ne: 'X' } })).toEqual({ 'data.status': { $ne: 'X' } });
    expect(toMongoFilter(undefined)).toEqual({});
    expect(toMongoFilter({})).toEqual({});
  });

  it('maps in, exists and has', () => {
    expect(toMongoFilter({ status: { in: ['A', 'B', null] } })).toEqual({ 'data.status': { $in: ['A', 'B', null] } });
    expect(toMongoFilter({ po: { exists: false } })).toEqual({ 'data.po': { $exists: false } });
    expect(toMongoFilter({ filePaths: { has: 'a/b.pdf' } })).toEqual({ 'data.filePaths': { $elemMatch: { $eq: 'a/b.pdf' } } });
  });

  it('maps includes to a case-sensitive regex with every metacharacter escaped', () => {
    expect(toMongoFilter({ text: { includes: 'a.c (gmbh)*' } })).toEqual({ 'data.text': { $regex: 'a\\.c \\(gmbh\\)\\*' } });
  });

  it('maps contains to a case-insensitive regex with every metacharacter escaped', () => {
    expect(toMongoFilter({ 'customer.name': { contains: 'a.c (GmbH)*' } })).toEqual({ 'data.customer.name': { $regex: 'a\\.c \\(GmbH\\)\\*', $options: 'i' } });
    const pattern = new RegExp(escapeRegex('x+y?[z]^$|\\'), 'i');
    expect(pattern.test('X+Y?[Z]^$|\\')).toBe(true);
    expect(pattern.test('xxy')).toBe(false);
  });

  it('maps numeric, text and date ranges, ignoring open ends', () => {
    expect(toMongoFilter({ amount: { gte: 10, lt: 20 } })).toEqual({ 'data.amount': { $gte: 10, $lt: 20 } });
    expect(toMongoFilter({ refId: { gt: 'ON-26' } })).toEqual({ 'data.refId': { $gt: 'ON-26' } });
    const instant = { $dateFromString: { dateString: '$data.createdAt', onError: null, onNull: null } };
    expect(toMongoFilter({ createdAt: { gte: '2026-06-01T10:00:00+02:00', date: true } })).toEqual({
      $expr: { $and: [{ $ne: [instant, null] }, { $gte: [instant, new Date('2026-06-01T08:00:00.000Z')] }] },
    });
    expect(toMongoFilter({ amount: { gte: undefined } })).toEqual({});
    expect(() => toMongoFilter({ amount: { between: 1 } as never })).toThrow(/Invalid condition/);
  });

  it('maps $or and $and, an empty $or matching nothing', () => {
    expect(toMongoFilter({ $or: [{ status: 'A' }, { 'customer.name': { contains: 'x' } }] })).toEqual({
      $or: [{ 'data.status': { $eq: 'A' } }, { 'data.customer.name': { $regex: 'x', $options: 'i' } }],
    });
    expect(toMongoFilter({ $and: [{ a: 1 }], b: 2 })).toEqual({ $and: [{ $and: [{ 'data.a': { $eq: 1 } }] }, { 'data.b': { $eq: 2 } }] });
    expect(toMongoFilter({ $or: [] })).toEqual({ _id: { $exists: false } });
  });

  it('refuses operator injection through paths and unknown operators', () => {
    expect(() => toMongoFilter({ $where: 'x' } as never)).toThrow(/Unknown filter operator/);
    expect(() => toMongoFilter({ 'a.$ne': 1 })).toThrow(/Invalid document path/);
    expect(() => toMongoFilter({ tags: ['a'] as never })).toThrow(/use \{ in/);
  });

  it('sorts by data paths then _id', () => {
    expect(
      toMongoSort([
        { path: 'updatedAt', direction: 'desc' },
        { path: 'refId', direction: 'asc' },
      ]),
    ).toEqual({ 'data.updatedAt': -1, 'data.refId': 1, _id: 1 });
    expect(toMongoSort(undefined)).toEqual({ _id: 1 });
  });

  it('patches dotted paths with $set and removes undefined ones with $unset', () => {
    expect(toMongoPatch({ 'customer.name': 'Acme', status: 'X', note: undefined }, 7)).toEqual({
      $set: { revision: 7, 'data.customer.name': 'Acme', 'data.status': 'X' },
      $unset: { 'data.note': '' },
    });
    expect(toMongoIndexKeys(['refId', 'customer.companyId'])).toEqual({ 'data.refId': 1, 'data.customer.companyId': 1 });
  });
});
