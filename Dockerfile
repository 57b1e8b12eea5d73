# One image for every process: api (serving the built console), projections, workers and the planning-tool
# simulator; docker-compose.yml picks the command. Build: docker build -t onsite .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY services/domain/package.json services/domain/
COPY services/contracts/package.json services/contracts/
COPY services/infrastructure/package.json services/infrastructure/
COPY services/workers/package.json services/workers/
COPY services/api/package.json services/api/
COPY projections/package.json projections/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
# Safe to expose by default: the postgres profile (it needs DATABASE_URL and fails fast without it), no demo
# users with a published password, no dev outbox. A throw-away demo container opts in with PROFILE=embedded.
ENV NODE_ENV=production PROFILE=postgres SEED_DEMO=false PORT=3000 HOST=0.0.0.0 WEB_DIST=/app/web/dist
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Workers: node services/workers/dist/main.js (no HTTP port: override the health check with `disable: true`).
CMD ["node", "services/api/dist/main.js"]
