import { ownerInListRowJson } from './order-list.queries.js';

describe("ownerInListRowJson: the owner of a list row's JSON text, found without parsing it", () => {
  it('reads the owner in the layouts of jsonb text and of JSON.stringify, and where it starts and ends', () => {
    for (const json of ['{"_id": "o1", "ownerUserId": "u-1", "refId": "ON-1"}', '{"_id":"o1","ownerUserId":"u-1","refId":"ON-1"}', '{"ownerUserId" : "u-1"}']) {
      const owner = ownerInListRowJson(json);
      expect(owner.ownerUserId).toBe('u-1');
      expect(json.slice(owner.start, owner.end)).toBe('"u-1"');
    }
    expect(ownerInListRowJson('{"_id": "o1", "ownerUserId": null}').ownerUserId).toBeNull();
    expect(ownerInListRowJson('{"ownerUserId": "a\\"b\\\\"}').ownerUserId).toBe('a"b\\');
  });

  it('is not misled by the key, or a key-like text, inside a string value', () => {
    const row = {
      _id: 'o1',
      customerName: ', "ownerUserId": "intruder", {"ownerUserId":"x"} \\", "ownerUserId": "y',
      ownerUserId: 'u-real',
      city: '"ownerUserId": null',
    };
    for (const json of [JSON.stringify(row), JSON.stringify(row, null, 1)]) {
      const owner = ownerInListRowJson(json);
      expect(owner.ownerUserId).toBe('u-real');
      const blanked = JSON.parse(`${json.slice(0, owner.start)}null${json.slice(owner.end)}`) as typeof row;
      expect(blanked).toEqual({ ...row, ownerUserId: null });
    }
  });

  it('refuses a row without the key', () => {
    expect(() => ownerInListRowJson('{"_id": "o1", "owner": "u-1"}')).toThrow('without ownerUserId');
  });
});
