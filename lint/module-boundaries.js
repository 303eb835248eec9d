import path from 'node:path';

/**
 * The server's modules talk through their front door, and only downwards.
 *
 * A module is a folder of server/src with one public file, its index.ts: each feature under features/, and
 * storyblok-access/. Code outside a module may import only that front door. A module may use only modules of
 * lower layers than its own, so no two modules ever depend on each other, directly or through a third.
 * Tests may reach inside (they test the insides); this rule does not look at them.
 */

const serverRoot = 'server/src/';

/** The module a repository-relative path belongs to, as `{ name, dir }`, or null. */
function moduleOf(file) {
  const match = /^server\/src\/(?:features\/([^/]+)|(storyblok-access))\//.exec(file);
  if (!match) return null;
  const name = match[1] ?? match[2];
  return { name, dir: match[1] ? `${serverRoot}features/${name}` : `${serverRoot}${name}` };
}

/** Where an import points, repository-relative, when it is a relative path or a #server alias. */
function targetOf(source, fromFile) {
  if (source.startsWith('#server/')) return path.posix.join(serverRoot, source.slice('#server/'.length));
  if (source.startsWith('.')) return path.posix.join(path.posix.dirname(fromFile), source);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules are used only through their index.ts, and only from higher layers.' },
    schema: [
      {
        type: 'object',
        properties: { layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } } },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      frontDoor: 'Use {{module}} through its front door, {{door}}, not {{target}}.',
      upwards:
        '{{from}} may not use {{module}}: a module uses only modules of lower layers (see the layers in eslint.config.js), so that no two depend on each other.',
      unknown: '{{module}} is not in the module layers of eslint.config.js: add it where it belongs.',
    },
  },
  create(context) {
    const layers = context.options[0].layers;
    const layerOf = new Map(layers.flatMap((names, index) => names.map((name) => [name, index])));
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (!file.startsWith(serverRoot) || /\.test\.tsx?$/.test(file)) return {};
    const own = moduleOf(file);

    function check(node, source) {
      if (typeof source !== 'string') return;
      const target = targetOf(source, file);
      const other = target && moduleOf(target);
      if (!other || other.name === own?.name) return;
      for (const name of [own?.name, other.name]) {
        if (name && !layerOf.has(name)) context.report({ node, messageId: 'unknown', data: { module: name } });
      }
      const door = `${other.dir}/index.ts`;
      if (target !== door) {
        context.report({ node, messageId: 'frontDoor', data: { module: other.name, door, target } });
      }
      if (own && layerOf.has(own.name) && layerOf.get(other.name) <= layerOf.get(own.name)) {
        context.report({ node, messageId: 'upwards', data: { from: own.name, module: other.name } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
