# The bot in a container, for people who deploy that way (compose.yaml pairs it with PostgreSQL).
# The plain start (`bash scripts/start.sh`) needs none of this.
FROM python:3.11-slim
WORKDIR /app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
COPY pyproject.toml README.md ./
COPY bot.py ./
COPY core core
COPY cogs cogs
COPY tools tools
COPY data data
RUN pip install --no-cache-dir . && useradd --create-home deepspace && mkdir var && chown deepspace var
USER deepspace
# Settings come from the environment (see .env.example); without DATABASE_URL it uses SQLite in
# /app/var, so mount a volume there to keep it.
CMD ["python", "bot.py"]
