import { describe, expect, it } from 'vitest';
import { lines, outlineOf, readTexts } from '../helpers.js';

const auth = lines(
  '"""Authentication."""',
  'import os',
  '',
  '',
  '# The user authenticator.',
  'class UserAuth:',
  '    """Checks users."""',
  '',
  '    # Validates the session.',
  '    @staticmethod',
  '    @cached(ttl=5)',
  '    def validate(self):',
  '        if self.user:',
  '            return True',
  '        elif self.guest:',
  '            return False',
  '        else:',
  '            raise ValueError("no user")',
  '',
  '    def logout(self):',
  '        pass',
  '',
  '',
  'def main():',
  '    try:',
  '        UserAuth().validate()',
  '    except ValueError:',
  '        pass',
);

describe('Python structures', () => {
  it('builds the tree with decorators, comments and clauses', async () => {
    expect(await outlineOf('auth.py', auth)).toMatchInlineSnapshot(`
      "docstring [1-1] "\\"\\"\\"Authentication.\\"\\"\\""
      import os [2-2] "import os"
      class UserAuth [5-21] "class UserAuth"
        docstring [7-7] "class UserAuth\\n\\"\\"\\"Checks users.\\"\\"\\""
        method validate [9-18] "class UserAuth\\ndef validate"
          if [13-18] "class UserAuth\\ndef validate\\nif"
            statement [14-14] "class UserAuth\\ndef validate\\nif\\nreturn"
            elif [15-16] "class UserAuth\\ndef validate\\nif\\nelif"
              statement [16-16] "class UserAuth\\ndef validate\\nif\\nelif\\nreturn"
            else [17-18] "class UserAuth\\ndef validate\\nif\\nelse"
              statement [18-18] "class UserAuth\\ndef validate\\nif\\nelse\\nraise"
        method logout [20-21] "class UserAuth\\ndef logout"
          statement [21-21] "class UserAuth\\ndef logout\\npass"
      function main [24-28] "def main"
        try [25-28] "def main\\ntry"
          call UserAuth().validate [26-26] "def main\\ntry\\nUserAuth().validate"
          catch [27-28] "def main\\ntry\\nexcept"
            statement [28-28] "def main\\ntry\\nexcept\\npass""
    `);
  });

  it('reads a decorated method with its doc comment and decorators, by header or by decorator', async () => {
    const expected = [
      lines(
        '    # Validates the session.',
        '    @staticmethod',
        '    @cached(ttl=5)',
        '    def validate(self):',
        '        if self.user:',
        '            return True',
        '        elif self.guest:',
        '            return False',
        '        else:',
        '            raise ValueError("no user")',
      ).slice(0, -1),
    ];
    expect(await readTexts('auth.py', auth, 'class UserAuth\ndef validate(self):')).toEqual(expected);
    expect(await readTexts('auth.py', auth, 'class UserAuth\n@staticmethod')).toEqual(expected);
    expect(await readTexts('auth.py', auth, 'class UserAuth\n# Validates')).toEqual(expected);
    expect(await readTexts('auth.py', auth, 'class UserAuth\ndef validate')).toEqual(expected);
  });

  it('matches literally: no trimming, no case folding, and a line names a prefix only', async () => {
    await expect(readTexts('auth.py', auth, 'class userauth')).rejects.toThrow('TARGET_NOT_FOUND');
    await expect(readTexts('auth.py', auth, 'UserAuth')).rejects.toThrow('TARGET_NOT_FOUND');
    await expect(readTexts('auth.py', auth, '  class UserAuth')).rejects.toThrow('TARGET_NOT_FOUND');
  });

  it('reads the whole file with the empty target', async () => {
    expect(await readTexts('auth.py', auth, '')).toEqual([auth]);
  });

  it('reads nested clauses level by level', async () => {
    expect(await readTexts('auth.py', auth, 'class UserAuth\ndef validate(self):\nif self.user:\nelse:')).toEqual([
      '        else:\n            raise ValueError("no user")',
    ]);
  });

  it('keeps a comment separated by a blank line out of the next structure', async () => {
    const source = lines('x = 1', '# about nothing', '', 'def f():', '    pass');
    expect(await outlineOf('a.py', source)).toMatchInlineSnapshot(`
      "variable x [1-1] "x"
      function f [4-5] "def f"
        statement [5-5] "def f\\npass""
    `);
  });
});
