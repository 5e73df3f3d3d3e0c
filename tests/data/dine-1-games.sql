BEGIN TRANSACTION;
CREATE TABLE actions (
                game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
                seq INTEGER NOT NULL CHECK (seq >= 1),
                user_id INTEGER NOT NULL,
                action_json TEXT NOT NULL,
                at TEXT NOT NULL,
                PRIMARY KEY (game_id, seq)
            ) WITHOUT ROWID;
INSERT INTO "actions" VALUES(1,1,1,'{"kind":"start","table":true,"detail":{"seed":11,"crew":1,"ship":"Spacehopper 3000","level":"Salad","starter":false}}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(1,2,1,'{"seat":0,"card":"reactor-1","action":1,"payment":{"hand":["pilot-1"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(1,3,1,'{"seat":0,"card":"pilot-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(1,4,1,'{"how":"solve","solution":1,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(1,5,1,'{"seat":0,"card":"reactor-2","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(1,6,1,'{"seat":0,"card":"rdrive-1","kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(1,7,1,'{"seat":0,"card":"reactor-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,1,2,'{"kind":"join","table":true,"detail":{"user":2}}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,2,3,'{"kind":"join","table":true,"detail":{"user":3}}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,3,1,'{"kind":"start","table":true,"detail":{"seed":12,"crew":3,"ship":"Nostroven One","level":"Margherita","starter":false}}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,4,2,'{"seat":1,"card":"pilot-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,5,2,'{"seat":1,"card":"pdrive-1","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,6,3,'{"seat":2,"card":"reactor-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,7,1,'{"seat":0,"card":"engineering-3","action":1,"payment":{"hand":["oven-1"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,8,3,'{"seat":2,"card":"engineering-4","action":1,"payment":{"hand":["engineering-2"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,9,1,'{"how":"jump","solution":0,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,10,1,'{"seat":0,"card":"engineering-1","kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,11,2,'{"seat":1,"card":"oven-3","kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(2,12,3,'{"seat":2,"card":"weapons-1","kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(3,1,3,'{"kind":"join","table":true,"detail":{"user":3}}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(3,2,2,'{"kind":"start","table":true,"detail":{"seed":13,"crew":2,"ship":"Spacehopper 3000","level":"Salad","starter":true}}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(3,3,2,'{"seat":0,"card":"reactor-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(3,4,2,'{"seat":0,"card":"reactor-1","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(3,5,2,'{"how":"solve","solution":0,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(3,6,3,'{"seat":1,"card":"pilot-3","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,1,3,'{"kind":"start","table":true,"detail":{"seed":14,"crew":1,"ship":"Spacehopper 3000","level":"Salad","starter":false}}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,2,3,'{"how":"solve","solution":1,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,3,3,'{"seat":0,"card":"rdrive-1","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,4,3,'{"seat":0,"card":"rdrive-1","kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,5,3,'{"option":0,"kind":"choose"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,6,3,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,7,3,'{"seat":0,"card":"reactor-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,8,3,'{"seat":0,"card":"rdrive-3","action":1,"payment":{"hand":["shields-3"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,9,3,'{"how":"solve","solution":0,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,10,3,'{"seat":0,"card":"pilot-3","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,11,3,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,12,3,'{"seat":0,"card":"weapons-1","action":1,"payment":{"hand":["pilot-1"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,13,3,'{"seat":0,"card":"pilot-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,14,3,'{"how":"solve","solution":1,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,15,3,'{"seat":0,"card":"reactor-1","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,16,3,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,17,3,'{"seat":0,"card":"reactor-1","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,18,3,'{"seat":0,"card":"weapons-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,19,3,'{"seat":0,"card":"shields-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,20,3,'{"seat":0,"index":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"ship"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,21,3,'{"seat":0,"index":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"ship"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,22,3,'{"seat":0,"index":1,"payment":{"hand":["reactor-3"],"row":null,"grid":[]},"kind":"ship"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,23,3,'{"seat":0,"card":"pilot-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,24,3,'{"payment":{"hand":[],"row":0,"grid":["weapons-2"]},"kind":"shield"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,25,3,'{"seat":0,"card":"pilot-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,26,3,'{"seat":0,"card":"reactor-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,27,3,'{"seat":0,"card":"reactor-4","action":1,"payment":{"hand":["weapons-3"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,28,3,'{"how":"solve","solution":1,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(4,29,3,'{"seat":0,"card":"rdrive-2","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,1,2,'{"kind":"join","table":true,"detail":{"user":2}}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,2,1,'{"kind":"start","table":true,"detail":{"seed":15,"crew":2,"ship":"Spacehopper 3000","level":"Margherita","starter":false}}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,3,1,'{"how":"solve","solution":1,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,4,1,'{"seat":0,"card":"reactor-3","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,5,1,'{"seat":0,"card":"shields-2","kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,6,2,'{"seat":1,"card":"rdrive-1","kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,7,1,'{"seat":0,"card":"weapons-1","action":1,"payment":{"hand":["shields-1"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,8,1,'{"seat":0,"card":"reactor-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,9,1,'{"seat":0,"card":"weapons-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,10,1,'{"seat":0,"index":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"ship"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,11,1,'{"seat":0,"index":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"ship"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,12,1,'{"seat":0,"card":"rdrive-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,13,1,'{"payment":{"hand":[],"row":0,"grid":["weapons-1"]},"kind":"shield"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,14,1,'{"seat":0,"card":"pilot-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,15,2,'{"seat":1,"card":"reactor-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,16,2,'{"seat":1,"card":"rdrive-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,17,1,'{"how":"jump","solution":0,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,18,1,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,19,2,'{"seat":1,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,20,1,'{"seat":0,"card":"reactor-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,21,2,'{"seat":1,"card":"rdrive-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,22,1,'{"seat":0,"card":"pilot-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,23,2,'{"seat":1,"card":"reactor-1","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,24,1,'{"how":"jump","solution":0,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,25,1,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,26,2,'{"seat":1,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,27,1,'{"seat":0,"card":"weapons-4","action":1,"payment":{"hand":["weapons-3"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,28,2,'{"seat":1,"card":"shields-4","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,29,1,'{"seat":0,"card":"weapons-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,30,1,'{"how":"solve","solution":0,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,31,1,'{"seat":0,"card":"pilot-3","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,32,1,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,33,2,'{"seat":1,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,34,1,'{"option":0,"kind":"choose"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,35,1,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,36,2,'{"seat":1,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,37,1,'{"seat":0,"card":"pilot-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,38,1,'{"seat":0,"card":"reactor-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,39,2,'{"seat":1,"card":"shields-3","action":1,"payment":{"hand":["pilot-1"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,40,2,'{"seat":1,"card":"rdrive-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,41,1,'{"seat":0,"card":"weapons-1","kind":"give"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,42,1,'{"seat":0,"card":"reactor-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,43,2,'{"seat":1,"card":"pilot-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,44,1,'{"how":"solve","solution":0,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,45,1,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,46,2,'{"seat":1,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,47,1,'{"seat":0,"card":"pilot-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,48,2,'{"seat":1,"card":"pilot-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,49,1,'{"seat":0,"card":"rdrive-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,50,2,'{"seat":1,"card":"rdrive-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,51,1,'{"seat":0,"card":"reactor-4","action":0,"payment":{"hand":["shields-4"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,52,1,'{"option":1,"kind":"choose"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,53,2,'{"seat":1,"card":"shields-3","kind":"give"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,54,1,'{"seat":0,"card":"reactor-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,55,2,'{"seat":1,"card":"reactor-3","action":1,"payment":{"hand":["reactor-1"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,56,1,'{"how":"jump","solution":0,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,57,1,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,58,2,'{"seat":1,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,59,1,'{"seat":0,"card":"reactor-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,60,1,'{"seat":0,"card":"shields-4","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,61,1,'{"seat":0,"card":"weapons-4","action":0,"payment":{"hand":["pilot-1"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,62,1,'{"seat":0,"index":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"ship"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,63,1,'{"seat":0,"index":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"ship"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,64,1,'{"seat":0,"index":1,"payment":{"hand":["rdrive-2"],"row":null,"grid":[]},"kind":"ship"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,65,2,'{"seat":1,"card":"shields-1","action":1,"payment":{"hand":["reactor-1"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,66,1,'{"option":0,"kind":"choose"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,67,1,'{"payment":{"hand":[],"row":0,"grid":["reactor-3"]},"kind":"shield"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,68,1,'{"payment":{"hand":[],"row":0,"grid":["shields-4"]},"kind":"shield"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,69,2,'{"seat":1,"card":"weapons-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,70,1,'{"seat":0,"card":"rdrive-2","action":1,"payment":{"hand":["pilot-1"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,71,1,'{"seat":0,"card":"pilot-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,72,2,'{"seat":1,"card":"rdrive-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,73,1,'{"option":0,"kind":"choose"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(5,74,1,'{"payment":{"hand":[],"row":1,"grid":["weapons-2"]},"kind":"shield"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,1,1,'{"seat":0,"card":"pdrive-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,2,1,'{"seat":0,"card":"pilot-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,3,1,'{"how":"jump","solution":0,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,4,1,'{"seat":0,"card":"oven-1","kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,5,1,'{"how":"solve","solution":1,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,6,1,'{"seat":0,"card":"reactor-1","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,7,1,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,8,1,'{"how":"solve","solution":1,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,9,1,'{"seat":0,"card":"reactor-3","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,10,1,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,11,1,'{"seat":0,"card":"reactor-1","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,12,1,'{"seat":0,"card":"reactor-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,13,1,'{"seat":0,"card":"reactor-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,14,1,'{"seat":0,"card":"weapons-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,15,1,'{"seat":0,"card":"weapons-4","action":1,"payment":{"hand":["engineering-3"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,16,1,'{"how":"solve","solution":1,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,17,1,'{"seat":0,"card":"pilot-3","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,18,1,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,19,1,'{"option":0,"kind":"choose"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,20,1,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,21,1,'{"seat":0,"card":"oven-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,22,1,'{"seat":0,"card":"weapons-4","action":1,"payment":{"hand":["engineering-2"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,23,1,'{"how":"solve","solution":0,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,24,1,'{"seat":0,"card":"reactor-4","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,25,1,'{"seat":0,"card":null,"kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,26,1,'{"seat":0,"card":"reactor-4","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,27,1,'{"seat":0,"card":"pilot-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,28,1,'{"seat":0,"card":"pilot-1","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,29,1,'{"seat":0,"card":"pdrive-3","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,30,1,'{"seat":0,"card":"engineering-4","action":1,"payment":{"hand":["weapons-3"],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,31,1,'{"seat":0,"card":"oven-4","action":1,"payment":{"hand":[],"row":0,"grid":["engineering-4"]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,32,1,'{"how":"solve","solution":1,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(6,33,1,'{"seat":0,"card":"pdrive-1","kind":"upgrade"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(7,1,2,'{"seat":0,"card":"pdrive-2","action":1,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(7,2,2,'{"seat":0,"card":"pilot-2","action":0,"payment":{"hand":[],"row":null,"grid":[]},"kind":"play"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(7,3,2,'{"how":"jump","solution":0,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(7,4,2,'{"seat":0,"card":"oven-1","kind":"occupy"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(7,5,2,'{"how":"solve","solution":1,"kind":"clear"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(8,1,1,'{"die":0,"split":[[1,1]],"kind":"fire"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(8,2,1,'{"die":4,"split":[[1,2]],"kind":"fire"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(8,3,1,'{"kind":"end_assignment"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(8,4,1,'{"die":0,"kind":"send_to_infirmary"}','2026-11-30T12:00:00+00:00');
INSERT INTO "actions" VALUES(8,5,1,'{"die":4,"kind":"recharge"}','2026-11-30T12:00:00+00:00');
CREATE TABLE bests (
                kind TEXT NOT NULL,
                scope INTEGER NOT NULL,
                period TEXT NOT NULL,
                user_id INTEGER NOT NULL,
                rank_key INTEGER NOT NULL,
                game_id INTEGER NOT NULL,
                PRIMARY KEY (kind, scope, period, user_id)
            ) WITHOUT ROWID;
CREATE TABLE daily_attempts (
                game TEXT NOT NULL,
                day TEXT NOT NULL,
                user_id INTEGER NOT NULL,
                game_id INTEGER NOT NULL REFERENCES games(id),
                started_at TEXT NOT NULL,
                PRIMARY KEY (game, day, user_id)
            ) WITHOUT ROWID;
INSERT INTO "daily_attempts" VALUES('dine','2026-11-30',1,6,'2026-11-30T12:00:00+00:00');
INSERT INTO "daily_attempts" VALUES('dine','2026-11-30',2,7,'2026-11-30T12:00:00+00:00');
CREATE TABLE daily_challenges (
                game TEXT NOT NULL,
                day TEXT NOT NULL,
                seed INTEGER NOT NULL,
                setup_json TEXT NOT NULL,
                rules_version TEXT NOT NULL,
                created_at TEXT NOT NULL,
                PRIMARY KEY (game, day)
            ) WITHOUT ROWID;
INSERT INTO "daily_challenges" VALUES('dine','2026-11-30',4242,'{"ship":"Nostroven One","level":"Pepperoni","crew":1}','dine-1','2026-11-30T12:00:00+00:00');
CREATE TABLE daily_posts (
                guild_id INTEGER PRIMARY KEY,
                channel_id INTEGER NOT NULL,
                hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
                last_day TEXT
            );
CREATE TABLE games (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL,
                guild_id INTEGER,
                channel_id INTEGER NOT NULL,
                owner_id INTEGER NOT NULL,
                status TEXT NOT NULL DEFAULT 'active'
                    CHECK (status IN ('active', 'finished', 'abandoned')),
                state_json TEXT NOT NULL,
                version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
                rules_version TEXT NOT NULL,
                board_message_id INTEGER,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL
            , board_version INTEGER);
INSERT INTO "games" VALUES(1,'dine',1,101,1,'active','{"table":{"captain":1,"crew":[1],"open_crew":false,"max_crew":3,"recent":["Crew 1 plays Antimatter Bottle into row 1."],"daily":null,"practice":false},"setup":{"starter":false,"ship":"Spacehopper 3000","level":"Salad"},"seats":[{"user":1,"name":"Ada","last_active":"2026-11-30T12:00:00Z"}],"votes":{},"names":{"1":"Ada"},"touched":"2026-11-30T12:00:00Z","state":{"rules_version":"dine-1","seed":11,"ship":"Spacehopper 3000","level":"Salad","starter":false,"crew":1,"deck":["weapons-2","weapons-1","rdrive-2","weapons-4","reactor-3","pilot-3","reactor-4","shields-3"],"discard":["pilot-1","reactor-1","pilot-2"],"removed":[],"upgraded":["reactor-2"],"hands":[["shields-4","shields-1","shields-2","rdrive-3","weapons-3"]],"stations":["rdrive-1"],"grid":[[{"card":"reactor-2","rotated":false}]],"stack":[{"sector":"sector-gravity","side":"front","help":null},{"sector":"sector-pirates","side":"front","help":null},{"sector":"sector-foodtruck","side":"front","help":null},{"sector":null,"side":"front","help":"frontier"}],"damage":7,"pizza":6,"marker":0,"used":{},"easy_used":["sector-mines","sector-gravity","sector-pirates","sector-foodtruck"],"queue":[],"pending":null,"outcome":"playing","loss_reason":null,"cleared":1,"solved":1,"actions_taken":3,"score":0,"stars":0,"rating":"","rng":{"deck":17,"sectors":7}}}',7,'dine-1',NULL,'2026-11-30T12:00:00+00:00','2026-11-30T12:00:00+00:00',NULL);
INSERT INTO "games" VALUES(2,'dine',1,102,1,'active','{"table":{"captain":1,"crew":[1,2,3],"open_crew":false,"max_crew":3,"recent":["Crew 3 occupies Laser Turret."],"daily":null,"practice":false},"setup":{"starter":false,"ship":"Nostroven One","level":"Margherita"},"seats":[{"user":1,"name":"Ada","last_active":"2026-11-30T12:00:00Z"},{"user":2,"name":"Brin","last_active":"2026-11-30T12:00:00Z"},{"user":3,"name":"Cato","last_active":"2026-11-30T12:00:00Z"}],"votes":{},"names":{"1":"Ada","2":"Brin","3":"Cato"},"touched":"2026-11-30T12:00:00Z","state":{"rules_version":"dine-1","seed":12,"ship":"Nostroven One","level":"Margherita","starter":false,"crew":3,"deck":["oven-4","pdrive-3","reactor-3"],"discard":["oven-1","pilot-2","pdrive-1","reactor-2","engineering-3","engineering-4"],"removed":["engineering-2"],"upgraded":[],"hands":[["weapons-2","pilot-3","reactor-1"],["weapons-4","pilot-1","weapons-3"],["reactor-4","pdrive-2","oven-2"]],"stations":["engineering-1","oven-3","weapons-1"],"grid":[[]],"stack":[{"sector":"sector-foodtruck","side":"front","help":null},{"sector":"sector-nebula","side":"front","help":null},{"sector":"sector-wormhole","side":"front","help":null},{"sector":null,"side":"front","help":"frontier"}],"damage":8,"pizza":5,"marker":2,"used":{},"easy_used":["sector-mines","sector-foodtruck","sector-nebula","sector-wormhole"],"queue":[],"pending":null,"outcome":"playing","loss_reason":null,"cleared":1,"solved":0,"actions_taken":5,"score":0,"stars":0,"rating":"","rng":{"deck":21,"sectors":7}}}',12,'dine-1',NULL,'2026-11-30T12:00:00+00:00','2026-11-30T12:00:00+00:00',NULL);
INSERT INTO "games" VALUES(3,'dine',1,103,2,'active','{"table":{"captain":2,"crew":[2,3],"open_crew":false,"max_crew":3,"recent":["Crew 2 upgrades a hand card.","Next sector: Orion Egg Farm."],"daily":null,"practice":false},"setup":{"starter":true,"ship":"Spacehopper 3000","level":"Salad"},"seats":[{"user":2,"name":"Brin","last_active":"2026-11-30T12:00:00Z"},{"user":3,"name":"Cato","last_active":"2026-11-30T12:00:00Z"}],"votes":{},"names":{"2":"Brin","3":"Cato"},"touched":"2026-11-30T12:00:00Z","state":{"rules_version":"dine-1","seed":13,"ship":"Spacehopper 3000","level":"Salad","starter":true,"crew":2,"deck":[],"discard":[],"removed":[],"upgraded":["pilot-3"],"hands":[["pilot-1","pilot-2","rdrive-1","reactor-2","reactor-1"],["rdrive-2","reactor-3","rdrive-3","reactor-4","pilot-3"]],"stations":[null,null],"grid":[[]],"stack":[{"sector":"boss-inspector","side":"back","help":null},{"sector":"boss-rushhour","side":"back","help":null},{"sector":null,"side":"front","help":"procure"}],"damage":7,"pizza":6,"marker":0,"used":{},"easy_used":[],"queue":[{"op":"arrive","amount":1,"index":0}],"pending":{"kind":"occupy","seat":0,"amount":1,"give":"remove","options":[],"reason":"Crew 1 may occupy a station."},"outcome":"playing","loss_reason":null,"cleared":1,"solved":1,"actions_taken":2,"score":0,"stars":0,"rating":"","rng":{"deck":9,"reshuffle":1}}}',6,'dine-1',NULL,'2026-11-30T12:00:00+00:00','2026-11-30T12:00:00+00:00',NULL);
INSERT INTO "games" VALUES(4,'dine',1,104,3,'finished','{"table":{"captain":3,"crew":[3],"open_crew":false,"max_crew":3,"recent":["Crew 1 upgrades a hand card.","The pizza is delivered! Score 12: ★★★★☆ A big tip and a postcard from the customer''s grandmother."],"daily":null,"practice":false},"setup":{"starter":false,"ship":"Spacehopper 3000","level":"Salad"},"seats":[{"user":3,"name":"Cato","last_active":"2026-11-30T12:00:00Z"}],"votes":{},"names":{"3":"Cato"},"touched":"2026-11-30T12:00:00Z","state":{"rules_version":"dine-1","seed":14,"ship":"Spacehopper 3000","level":"Salad","starter":false,"crew":1,"deck":["rdrive-3","pilot-1"],"discard":["reactor-1","shields-2","pilot-3","pilot-2","reactor-3","reactor-4"],"removed":["shields-3","weapons-3"],"upgraded":["pilot-3","rdrive-1","rdrive-2","reactor-1"],"hands":[["shields-1","shields-4","rdrive-2","weapons-4","weapons-1","weapons-2","reactor-2"]],"stations":["rdrive-1"],"grid":[[]],"stack":[],"damage":6,"pizza":3,"marker":0,"used":{},"easy_used":["sector-foodtruck","sector-customs","sector-gravity","sector-mines"],"queue":[],"pending":null,"outcome":"won","loss_reason":null,"cleared":5,"solved":4,"actions_taken":14,"score":12,"stars":4,"rating":"A big tip and a postcard from the customer''s grandmother.","rng":{"deck":17,"sectors":7,"boss":2,"hard":3,"reshuffle":4}}}',29,'dine-1',NULL,'2026-11-30T12:00:00+00:00','2026-11-30T12:00:00+00:00',NULL);
INSERT INTO "games" VALUES(5,'dine',1,105,1,'finished','{"table":{"captain":1,"crew":[1,2],"open_crew":false,"max_crew":3,"recent":["Paid from row 2 by discarding Pepperoni Launcher.","A shield takes the hit.","The damage marker is pushed off the ship card: the ship is lost."],"daily":null,"practice":false},"setup":{"starter":false,"ship":"Spacehopper 3000","level":"Margherita"},"seats":[{"user":1,"name":"Ada","last_active":"2026-11-30T12:00:00Z"},{"user":2,"name":"Brin","last_active":"2026-11-30T12:00:00Z"}],"votes":{},"names":{"1":"Ada","2":"Brin"},"touched":"2026-11-30T12:00:00Z","state":{"rules_version":"dine-1","seed":15,"ship":"Spacehopper 3000","level":"Margherita","starter":false,"crew":2,"deck":[],"discard":["weapons-2"],"removed":["weapons-3","weapons-1","shields-3"],"upgraded":["pilot-3","reactor-3"],"hands":[["reactor-4","reactor-2","reactor-1","reactor-3"],["pilot-2","pilot-1","shields-4"]],"stations":["shields-2","rdrive-1"],"grid":[[{"card":"weapons-4","rotated":false},{"card":"shields-1","rotated":true}],[{"card":"rdrive-2","rotated":true},{"card":"pilot-3","rotated":false},{"card":"rdrive-3","rotated":false}],[]],"stack":[{"sector":"boss-rushhour","side":"front","help":null}],"damage":0,"pizza":5,"marker":0,"used":{"ship:0":2,"ship:1":1},"easy_used":["sector-pirates","sector-mines","sector-nebula","sector-asteroids"],"queue":[],"pending":null,"outcome":"lost","loss_reason":"The damage marker is pushed off the ship card: the ship is lost.","cleared":7,"solved":3,"actions_taken":40,"score":0,"stars":0,"rating":"","rng":{"deck":17,"sectors":7,"reshuffle":29,"boss":2,"hard":3}}}',74,'dine-1',NULL,'2026-11-30T12:00:00+00:00','2026-11-30T12:00:00+00:00',NULL);
INSERT INTO "games" VALUES(6,'dine',1,106,1,'finished','{"table":{"captain":1,"crew":[1],"open_crew":false,"max_crew":6,"recent":["Crew 1 upgrades a hand card.","The pizza is delivered! Score 7: ★★☆☆☆ \"Did you come the long way round? Through a black hole?\""],"daily":"2026-11-30","practice":false},"setup":{"starter":false,"ship":"Nostroven One","level":"Pepperoni"},"seats":[{"user":1,"name":"Ada","last_active":"2026-11-30T12:00:00Z"}],"votes":{},"names":{"1":"Ada"},"touched":"2026-11-30T12:00:00Z","state":{"rules_version":"dine-1","seed":4242,"ship":"Nostroven One","level":"Pepperoni","starter":false,"crew":1,"deck":[],"discard":["reactor-4","pilot-3","pilot-1","pdrive-3","oven-4"],"removed":["engineering-3","engineering-2","weapons-3"],"upgraded":["pdrive-1","pilot-3","reactor-1","reactor-3","reactor-4"],"hands":[["weapons-1","pdrive-1","oven-3","engineering-1","pdrive-2","weapons-2","weapons-4","reactor-2","oven-2","reactor-1","pilot-2","reactor-3","engineering-4"]],"stations":["oven-1"],"grid":[[]],"stack":[],"damage":5,"pizza":1,"marker":1,"used":{},"easy_used":["sector-wormhole","sector-pirates","sector-foodtruck"],"queue":[],"pending":null,"outcome":"won","loss_reason":null,"cleared":7,"solved":5,"actions_taken":15,"score":7,"stars":2,"rating":"\"Did you come the long way round? Through a black hole?\"","rng":{"deck":21,"sectors":7,"boss":2,"hard":4,"reshuffle":7}}}',33,'dine-1',NULL,'2026-11-30T12:00:00+00:00','2026-11-30T12:00:00+00:00',NULL);
INSERT INTO "games" VALUES(7,'dine',1,107,2,'active','{"table":{"captain":2,"crew":[2],"open_crew":false,"max_crew":6,"recent":["The pizza suffers: 1 space lost (4 left).","Solved: Pirate Toll Booth!"],"daily":"2026-11-30","practice":false},"setup":{"starter":false,"ship":"Nostroven One","level":"Pepperoni"},"seats":[{"user":2,"name":"Brin","last_active":"2026-11-30T12:00:00Z"}],"votes":{},"names":{"2":"Brin"},"touched":"2026-11-30T12:00:00Z","state":{"rules_version":"dine-1","seed":4242,"ship":"Nostroven One","level":"Pepperoni","starter":false,"crew":1,"deck":["reactor-3","pilot-3","engineering-2","oven-2","engineering-4","reactor-4","pilot-1","weapons-1","weapons-3","pdrive-1","oven-3","oven-4","engineering-1"],"discard":["pdrive-2","pilot-2"],"removed":[],"upgraded":[],"hands":[["reactor-2","engineering-3","weapons-2","pdrive-3","weapons-4","reactor-1"]],"stations":["oven-1"],"grid":[[]],"stack":[{"sector":"sector-pirates","side":"front","help":null},{"sector":"sector-foodtruck","side":"front","help":null},{"sector":null,"side":"front","help":"frontier"}],"damage":8,"pizza":4,"marker":0,"used":{},"easy_used":["sector-wormhole","sector-pirates","sector-foodtruck"],"queue":[{"op":"clear_rows","amount":1,"index":0},{"op":"refill","amount":1,"index":0},{"op":"next_sector","amount":1,"index":0},{"op":"occupy","amount":1,"index":0},{"op":"arrive","amount":1,"index":0}],"pending":{"kind":"upgrade","seat":null,"amount":1,"give":"remove","options":[],"reason":"One crew member may upgrade one hand card."},"outcome":"playing","loss_reason":null,"cleared":1,"solved":1,"actions_taken":2,"score":0,"stars":0,"rating":"","rng":{"deck":21,"sectors":7}}}',5,'dine-1',NULL,'2026-11-30T12:00:00+00:00','2026-11-30T12:00:00+00:00',NULL);
INSERT INTO "games" VALUES(8,'d6',1,108,1,'active','{"table":{"captain":1,"crew":[1],"open_crew":false,"max_crew":6,"recent":["Science recharges the shields to 4."],"daily":null,"practice":false},"state":{"rules_version":"d6-2","seed":77,"difficulty":"medium","length":"full","house_rules":{"meteoroid_any_destruction":true},"round":2,"phase":"assign","hull":8,"shields":4,"dice":[{"face":"tactical","place":"infirmary","station":null,"on":null},{"face":"medical","place":"pool","station":null,"on":null},{"face":"medical","place":"pool","station":null,"on":null},{"face":"threat","place":"scanner","station":null,"on":null},{"face":"science","place":"station","station":"shields","on":null},{"face":"engineering","place":"pool","station":null,"on":null}],"deck":["cloaked_threats","corsair","nebula","solar_winds","pandemic","panel_explosion","intercepter_x","assault_cruiser_b","distracted","scouting_ship","space_pirates_h3","raiders_a","raiders_b","drone_a","friendly_fire","comms_offline","drone_b","space_pirates_h2","raiders_a","dont_panic","bounty_ship","dont_panic","boarding_ship","flagship","invaders","assault_cruiser_a","time_warp","intercepter","dont_panic","robot_uprising","bomber_h3","cosmic_existentialism","boost_morale","bomber_h2_dmg1","mercenary","space_pirates_h2"],"removed":[],"internal":[],"external":[{"uid":1,"card":"hijackers","health":1,"stasis":false},{"uid":2,"card":"meteoroid","health":4,"stasis":false},{"uid":3,"card":"bomber_h2_dmg2","health":2,"stasis":false}],"discard":[],"next_uid":4,"tactical_used":0,"engineering_used":0,"hull_lost_this_round":false,"threat_activated_this_round":false,"extra_roll_due":false,"extra_roll_done":false,"queue":[],"pending":null,"outcome":"playing","loss_reason":null,"destroyed":0,"completed":0,"score":0,"rng":{"deck":38,"crew:1":6,"threat-die:1":1,"crew:2":4}}}',5,'d6-2',NULL,'2026-11-30T12:00:00+00:00','2026-11-30T12:00:00+00:00',NULL);
CREATE TABLE result_players (
                game_id INTEGER NOT NULL REFERENCES results(game_id) ON DELETE CASCADE,
                user_id INTEGER NOT NULL,
                PRIMARY KEY (game_id, user_id)
            ) WITHOUT ROWID;
INSERT INTO "result_players" VALUES(5,1);
INSERT INTO "result_players" VALUES(6,1);
INSERT INTO "result_players" VALUES(5,2);
INSERT INTO "result_players" VALUES(4,3);
CREATE TABLE results (
                game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                guild_id INTEGER,
                outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost')),
                score INTEGER NOT NULL,
                rounds INTEGER NOT NULL,
                detail_json TEXT NOT NULL DEFAULT '{}',
                finished_at TEXT NOT NULL
            );
INSERT INTO "results" VALUES(4,'dine',1,'won',12,14,'{"abandoned": false, "crew": 1, "level": "Salad", "mode": "normal", "rating": "A big tip and a postcard from the customer''s grandmother.", "rules_version": "dine-1", "sectors_cleared": 5, "ship": "Spacehopper 3000", "stars": 4}','2026-11-30T12:00:00+00:00');
INSERT INTO "results" VALUES(5,'dine',1,'lost',0,40,'{"abandoned": false, "crew": 2, "level": "Margherita", "mode": "normal", "rating": "", "rules_version": "dine-1", "sectors_cleared": 7, "ship": "Spacehopper 3000", "stars": 0}','2026-11-30T12:00:00+00:00');
INSERT INTO "results" VALUES(6,'dine',1,'won',7,15,'{"abandoned": false, "crew": 1, "daily": "2026-11-30", "level": "Pepperoni", "mode": "normal", "practice": false, "rating": "\"Did you come the long way round? Through a black hole?\"", "rules_version": "dine-1", "sectors_cleared": 7, "ship": "Nostroven One", "stars": 2}','2026-11-30T12:00:00+00:00');
CREATE TABLE verifications (
                game_id INTEGER PRIMARY KEY REFERENCES results(game_id),
                ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
                note TEXT NOT NULL DEFAULT '',
                checked_at TEXT NOT NULL
            );
CREATE UNIQUE INDEX games_one_active_per_channel ON games(channel_id) WHERE status = 'active';
CREATE INDEX games_by_status ON games(status, kind);
CREATE INDEX result_players_by_user ON result_players(user_id);
CREATE INDEX results_by_kind_time ON results(kind, finished_at);
CREATE TRIGGER actions_update_forbidden BEFORE UPDATE ON actions
                BEGIN SELECT RAISE(ABORT, 'actions are append-only: a game is replayed from them'); END;
CREATE TRIGGER actions_delete_forbidden BEFORE DELETE ON actions
                BEGIN SELECT RAISE(ABORT, 'actions are append-only: a game is replayed from them'); END;
CREATE TRIGGER results_update_forbidden BEFORE UPDATE ON results
                BEGIN SELECT RAISE(ABORT, 'results are append-only: a game is replayed from them'); END;
CREATE TRIGGER results_delete_forbidden BEFORE DELETE ON results
                BEGIN SELECT RAISE(ABORT, 'results are append-only: a game is replayed from them'); END;
CREATE INDEX daily_attempts_by_user ON daily_attempts(user_id, game, day);
CREATE UNIQUE INDEX daily_attempts_by_game ON daily_attempts(game_id);
CREATE INDEX bests_by_rank ON bests(kind, scope, period, rank_key DESC);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('games',8);
COMMIT;
PRAGMA user_version = 5;
