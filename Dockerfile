# Polyblok in one image: the API, the web app, the tool panel and the field plugin, run as compiled JavaScript.
# The same image serves HTTP or works jobs, as POLYBLOK_ROLE says (compose.yaml runs both; docs/deploy.md).

# Node.js 24 is the current LTS line.
ARG NODE_IMAGE=node:24-bookworm-slim

# Everything needed to build: all dependencies, the sources, then the front ends and the compiled server.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci generates the Prisma client (postinstall), which reads the schema.
COPY prisma/schema.prisma prisma/schema.prisma
RUN npm ci
COPY . .
RUN npm run build

# Production dependencies only. Install scripts are skipped (the postinstall needs the Prisma CLI, a development
# tool; the client it generates is compiled into dist/server), except argon2's, which fetches its native binding.
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm rebuild argon2 && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# The code belongs to root and is read-only for the server's user; only data/ (the mail outbox, an embedded
# database if DATABASE_URL is unset) is writable.
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY prisma/migrations ./prisma/migrations
RUN mkdir data && chown node:node data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
