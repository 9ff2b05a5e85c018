// The rows every import figure sends: names, e-mails and phones, some repeats and blanks.

export function importRows(n: number): Record<string, string>[] {
  const first = ['Ava', 'Ben', 'Chloe', 'Dan', 'Eve', 'Finn', 'Gia', 'Hugo', 'Iris', 'Jon', 'Kira', 'Leo'];
  const last = [
    'Archer',
    'Bishop',
    'Carver',
    'Dalton',
    'Ellison',
    'Fletcher',
    'Garner',
    'Holt',
    'Ingram',
    'Jensen',
  ];
  return Array.from({ length: n }, (_, i) => {
    const digits = String(i).padStart(7, '0');
    return {
      fullName: `${first[i % first.length]} ${last[(i * 7) % last.length]} ${i}`,
      // One row in fifty repeats an earlier e-mail, one in a hundred has none at all.
      email: i % 50 === 49 ? `bench${i - 1}@import.test` : `bench${i}@import.test`,
      phone: `+1 (415) ${digits.slice(0, 3)}-${digits.slice(3)}`,
      ...(i % 100 === 0 ? { email: '' } : {}),
      tags: i % 3 === 0 ? 'Imported' : '',
      status: i % 10 === 0 ? 'inactive' : 'active',
    };
  });
}
