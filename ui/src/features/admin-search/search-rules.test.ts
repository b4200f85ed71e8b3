import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildBody,
  defaultRange,
  formatTerms,
  isChanged,
  mapProblems,
  matchesFilter,
  missesQuery,
  parseTerms,
  rangeProblem,
  rowFromKeyword,
  type SynonymRow,
} from './search-rules';

const rows = (...texts: string[]): SynonymRow[] => texts.map((text, i) => ({ id: (i + 1) * 10, text }));

describe('a synonym row', () => {
  it('reads its terms between commas, trimmed, spaces tidied, empty ones dropped', () => {
    expect(parseTerms('couch, sofa ,โซฟา')).toEqual(['couch', 'sofa', 'โซฟา']);
    expect(parseTerms(' dining   table ,, โต๊ะอาหาร, ')).toEqual(['dining table', 'โต๊ะอาหาร']);
    expect(parseTerms('meja，kursi、ranjang')).toEqual(['meja', 'kursi', 'ranjang']);
    expect(parseTerms(' , ,')).toEqual([]);
    expect(parseTerms('')).toEqual([]);
  });

  it('is written back with a comma and a space, and reads the same again', () => {
    const terms = ['dining table', 'โต๊ะกินข้าว', 'meja makan'];
    expect(formatTerms(terms)).toBe('dining table, โต๊ะกินข้าว, meja makan');
    expect(parseTerms(formatTerms(terms))).toEqual(terms);
  });

  it('starts from a keyword shoppers searched for, ready for what it means', () => {
    expect(rowFromKeyword('  xyzzy ')).toBe('xyzzy, ');
    expect(rowFromKeyword('bean  bag')).toBe('bean bag, ');
    expect(rowFromKeyword(' ')).toBe('');
  });
});

describe('the body sent', () => {
  it('holds every row with a term, in order, and remembers which row each group came from', () => {
    const draft = buildBody(rows('couch, sofa', '  ', 'bed, เตียง', ',', 'lamp, โคมไฟ'));
    expect(draft.body).toEqual({ groups: [['couch', 'sofa'], ['bed', 'เตียง'], ['lamp', 'โคมไฟ']] });
    expect(draft.rowIds).toEqual([10, 30, 50]);
  });

  it('is empty when every row is', () => {
    expect(buildBody(rows('', ' , '))).toEqual({ body: { groups: [] }, rowIds: [] });
  });

  it('tells edits from the groups in force, ignoring spacing and empty rows', () => {
    const saved = [['couch', 'sofa'], ['bed', 'เตียง']];
    expect(isChanged(rows('couch,sofa', '', ' bed , เตียง '), saved)).toBe(false);
    expect(isChanged(rows('couch, sofa, settee', 'bed, เตียง'), saved)).toBe(true);
    expect(isChanged(rows('bed, เตียง', 'couch, sofa'), saved)).toBe(true);
    expect(isChanged(rows('couch, sofa'), saved)).toBe(true);
  });
});

describe("the server's problems", () => {
  // Rows 20 and 40 are empty, so group 1 is row 30 and group 2 is row 50.
  const draft = buildBody(rows('couch, sofa', '', 'bed, ' + 'x'.repeat(61), ' ', 'lamp', 'desk, โต๊ะทำงาน'));

  it('land on the rows they name, with the term at fault', () => {
    const found = mapProblems('groups[1][1]: at most 60 characters\ngroups[2]: a group needs at least two different terms', draft);
    expect(Object.keys(found.rows).map(Number).sort()).toEqual([30, 50]);
    expect(found.rows[30]).toEqual([{ kind: 'tooLong', max: 60, text: 'at most 60 characters', term: 'x'.repeat(61) }]);
    expect(found.rows[50]).toEqual([{ kind: 'twoTerms', max: null, text: 'a group needs at least two different terms', term: null }]);
    expect(found.other).toEqual([]);
  });

  it('gather several lines of one row, and know each kind the server words', () => {
    const message = [
      'groups[3][0]: at most 6 words',
      'groups[3][1]: has no letters or digits',
      'groups[3][1]: control characters',
      'groups[0]: at most 30 terms',
      'groups[0][0]: something new',
    ].join('\n');
    const found = mapProblems(message, draft);
    expect(found.rows[60]!.map((p) => [p.kind, p.max, p.term])).toEqual([
      ['tooManyWords', 6, 'desk'],
      ['noLetters', null, 'โต๊ะทำงาน'],
      ['control', null, 'โต๊ะทำงาน'],
    ]);
    expect(found.rows[10]).toEqual([
      { kind: 'tooManyTerms', max: 30, text: 'at most 30 terms', term: null },
      { kind: null, max: null, text: 'something new', term: 'couch' },
    ]);
  });

  it('that name no row of the draft are kept apart', () => {
    const found = mapProblems('groups: at most 1000 groups\n\ngroups[9][0]: at most 60 characters\nsomething else', draft);
    expect(found.rows).toEqual({});
    expect(found.other.map((p) => [p.kind, p.max, p.text])).toEqual([
      ['tooManyGroups', 1000, 'at most 1000 groups'],
      [null, null, 'groups[9][0]: at most 60 characters'],
      [null, null, 'something else'],
    ]);
  });
});

describe('the group filter', () => {
  it('finds a group by any of its terms, in any case, part of a word too', () => {
    expect(matchesFilter('Couch, sofa, โซฟา', 'SOF')).toBe(true);
    expect(matchesFilter('Couch, sofa, โซฟา', 'โซฟา')).toBe(true);
    expect(matchesFilter('dining table, โต๊ะอาหาร', ' dining  table ')).toBe(true);
    expect(matchesFilter('couch, sofa', 'bed')).toBe(false);
    expect(matchesFilter('couch, sofa', 'couch, sofa')).toBe(false);
  });

  it('keeps every row when empty', () => {
    expect(matchesFilter('', '  ')).toBe(true);
    expect(matchesFilter('bed', '')).toBe(true);
  });
});

describe('the range of the misses', () => {
  it('is the last 30 shop days by default, today included', () => {
    expect(defaultRange('2025-03-10')).toEqual({ from: '2025-02-09', to: '2025-03-10' });
    // A leap year's February has 29 days.
    expect(defaultRange('2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(defaultRange('2025-01-15')).toEqual({ from: '2024-12-17', to: '2025-01-15' });
    expect(rangeProblem(defaultRange('2025-01-15'))).toBeNull();
  });

  it('moves days across months and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('is refused as the server would refuse it', () => {
    expect(rangeProblem({ from: '2025-03-11', to: '2025-03-10' })).toBe('order');
    expect(rangeProblem({ from: '2025-03-10', to: '2025-03-10' })).toBeNull();
    // 400 days, both ends counted, is the most.
    expect(rangeProblem({ from: addDays('2025-03-10', -399), to: '2025-03-10' })).toBeNull();
    expect(rangeProblem({ from: addDays('2025-03-10', -400), to: '2025-03-10' })).toBe('tooLong');
    expect(rangeProblem({ from: '', to: '2025-03-10' })).toBe('day');
    expect(rangeProblem({ from: '2025-02-30', to: '2025-03-10' })).toBe('day');
  });

  it('is asked for as from and to', () => {
    expect(missesQuery({ from: '2025-02-09', to: '2025-03-10' })).toBe('from=2025-02-09&to=2025-03-10');
  });
});
