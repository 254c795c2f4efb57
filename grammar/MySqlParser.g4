// MySQL 8.0 statements, written for sqlroute from the MySQL reference manual.
// Expressions follow the manual's operator precedence in three rules: expr (OR, XOR, AND, NOT,
// comparison, IS, and the IN/BETWEEN/LIKE/REGEXP predicates), bitExpr (| & << >> + - * / DIV MOD ^)
// and simpleExpr (unary operators, COLLATE and primaries). Few rule levels keep parsing fast.
parser grammar MySqlParser;

options { tokenVocab=MySqlLexer; }

root: statement SEMI? EOF;

statement
  : selectStatement
  | insertStatement
  | updateStatement
  | deleteStatement
  | loadDataStatement
  | callStatement
  | doStatement
  | createTable
  | alterTable
  | dropTable
  | truncateTable
  | renameTable
  | createIndex
  | dropIndex
  | createView
  | alterView
  | dropView
  | createDatabase
  | alterDatabase
  | dropDatabase
  | createTrigger
  | dropTrigger
  | createRoutine
  | alterRoutine
  | dropRoutine
  | createEvent
  | alterEvent
  | dropEvent
  | tablespaceStatement
  | beginStatement
  | commitStatement
  | rollbackStatement
  | savepointStatement
  | releaseSavepoint
  | xaStatement
  | lockTables
  | unlockTables
  | setTransaction
  | setPassword
  | setRole
  | setResourceGroup
  | setStatement
  | showStatement
  | useStatement
  | describeStatement
  | explainStatement
  | tableMaintenance
  | killStatement
  | flushStatement
  | resetStatement
  | createResourceGroup
  | alterResourceGroup
  | dropResourceGroup
  | helpStatement
  | grantStatement
  | revokeStatement
  | createUser
  | dropUser
  | alterUser
  | renameUser
  | createRole
  | dropRole
  | prepareStatement
  | executeStatement
  | deallocatePrepare
  | handlerStatement
  | signalStatement
  | resignalStatement
  | getDiagnostics
  | serverStatement
  | replicationStatement
  | sequenceStatement
  | compoundStatement
  ;

// ---------------------------------------------------------------- queries

selectStatement: queryExpression (intoClause lockingClause*)?;

queryExpression: withClause? queryTerm (setOperator queryTerm)* orderByClause? limitClause? lockingClause*;

withClause: WITH RECURSIVE? commonTableExpression (COMMA commonTableExpression)*;

commonTableExpression: identifier columnNameList? AS LPAREN queryExpression RPAREN;

setOperator: (UNION | INTERSECT | EXCEPT) (ALL | DISTINCT)?;

queryTerm
  : querySpecification
  | LPAREN queryExpression RPAREN
  | tableValueConstructor
  | explicitTable
  ;

explicitTable: TABLE tableName;

tableValueConstructor: VALUES rowConstructor (COMMA rowConstructor)*;

rowConstructor: ROW LPAREN (expr (COMMA expr)*)? RPAREN;

querySpecification
  : SELECT selectOption* selectItem (COMMA selectItem)* intoClause? fromClause? whereClause? groupByClause?
    havingClause? windowClause?
  ;

selectOption
  : ALL | DISTINCT | DISTINCTROW | HIGH_PRIORITY | STRAIGHT_JOIN | SQL_SMALL_RESULT
  | SQL_BIG_RESULT | SQL_BUFFER_RESULT | SQL_NO_CACHE | SQL_CACHE | SQL_CALC_FOUND_ROWS
  ;

selectItem
  : STAR                                        # selectStar
  | identifier DOT (identifier DOT)? STAR       # selectTableStar
  | expr selectAlias?                           # selectExpr
  ;

selectAlias: AS? (identifier | textString);

intoClause
  : INTO OUTFILE textString charsetClause? fieldsClause? linesClause?
  | INTO DUMPFILE textString
  | INTO intoTarget (COMMA intoTarget)*
  ;

intoTarget: USER_VAR | identifier;

fromClause: FROM (DUAL | tableReferenceList);

tableReferenceList: tableReference (COMMA tableReference)*;

tableReference: tableFactor joinPart*;

tableFactor
  : tableName partitionNames? tableAlias? indexHint*                        # singleTable
  | LATERAL? LPAREN queryExpression RPAREN tableAlias? columnNameList?      # derivedTable
  | LPAREN tableReferenceList RPAREN                                        # nestedTables
  | JSON_TABLE LPAREN expr COMMA textString jsonColumns RPAREN tableAlias?  # jsonTable
  ;

jsonColumns: COLUMNS LPAREN jsonColumn (COMMA jsonColumn)* RPAREN;

jsonColumn
  : identifier FOR ORDINALITY
  | identifier dataType EXISTS? PATH textString jsonColumnFallback*
  | NESTED PATH? textString jsonColumns
  ;

jsonColumnFallback: (NULL_SYM | ERROR | DEFAULT textString) ON (EMPTY | ERROR);

// A join may nest further joins before its own condition (MySQL's `a JOIN b JOIN c ON bc ON ab`).
// The nested loop is greedy: a join without a condition holds the joins after it, which the
// converter flattens in source order, so `a JOIN b JOIN c ON bc` reads as two joins either way.
joinPart
  : (INNER | CROSS)? JOIN tableFactor joinPart* joinCondition?
  | STRAIGHT_JOIN tableFactor (ON expr)?
  | (LEFT | RIGHT) OUTER? JOIN tableFactor joinPart* joinCondition
  | NATURAL ((LEFT | RIGHT) OUTER? | INNER)? JOIN tableFactor
  ;

joinCondition: ON expr | USING columnNameList;

tableAlias: AS? identifier;

partitionNames: PARTITION LPAREN identifier (COMMA identifier)* RPAREN;

indexHint
  : (USE | IGNORE | FORCE) (INDEX | KEY) (FOR (JOIN | ORDER BY | GROUP BY))?
    LPAREN (indexName (COMMA indexName)*)? RPAREN
  ;

indexName: identifier | PRIMARY;

whereClause: WHERE expr;

groupByClause: GROUP BY orderItem (COMMA orderItem)* (WITH ROLLUP)?;

havingClause: HAVING expr;

windowClause: WINDOW windowDefinition (COMMA windowDefinition)*;

windowDefinition: identifier AS LPAREN windowSpec RPAREN;

windowSpec: identifier? (PARTITION BY expr (COMMA expr)*)? orderByClause? frameClause?;

frameClause: (ROWS | RANGE) (frameBound | BETWEEN frameBound AND frameBound);

frameBound: UNBOUNDED (PRECEDING | FOLLOWING) | CURRENT ROW | bitExpr (PRECEDING | FOLLOWING);

orderByClause: ORDER BY orderItem (COMMA orderItem)*;

orderItem: expr (ASC | DESC)?;

limitClause: LIMIT limitValue (COMMA limitValue | OFFSET limitValue)?;

limitValue: INTEGER_NUM | PARAM | identifier;

lockingClause
  : FOR (UPDATE | SHARE) (OF tableName (COMMA tableName)*)? (NOWAIT | SKIP_KW LOCKED)?
  | LOCK IN SHARE MODE
  ;

// ---------------------------------------------------------------- DML

insertStatement
  : (INSERT | REPLACE) insertOption* INTO? tableName partitionNames?
    ( columnNameList? (valuesClause rowAlias? | queryExpression)
    | SET assignmentList rowAlias?
    )
    onDuplicateKeyUpdate? returningClause?
  ;

// MariaDB: the rows an INSERT, REPLACE or single-table DELETE wrote.
returningClause: RETURNING selectItem (COMMA selectItem)*;

insertOption: LOW_PRIORITY | DELAYED | HIGH_PRIORITY | IGNORE;

valuesClause: (VALUES | VALUE) insertRow (COMMA insertRow)*;

insertRow: LPAREN (insertValue (COMMA insertValue)*)? RPAREN;

// Plain literals and markers skip the expression rule chain (most rows hold only those).
insertValue: literal | PARAM | expr;

rowAlias: AS identifier columnNameList?;

onDuplicateKeyUpdate: ON DUPLICATE KEY UPDATE assignmentList;

assignmentList: assignment (COMMA assignment)*;

assignment: columnRef EQ expr;

updateStatement
  : withClause? UPDATE (LOW_PRIORITY | IGNORE)* tableReferenceList SET assignmentList
    whereClause? orderByClause? limitClause?
  ;

deleteStatement
  : withClause? DELETE deleteOption*
    ( FROM tableName tableAlias? partitionNames? whereClause? orderByClause? limitClause? returningClause?
    | deleteTarget (COMMA deleteTarget)* FROM tableReferenceList whereClause?
    | FROM deleteTarget (COMMA deleteTarget)* USING tableReferenceList whereClause?
    )
  ;

deleteOption: LOW_PRIORITY | QUICK | IGNORE;

deleteTarget: tableName (DOT STAR)?;

loadDataStatement
  : LOAD (DATA | XML) (LOW_PRIORITY | CONCURRENT)? LOCAL? INFILE textString (REPLACE | IGNORE)?
    INTO TABLE tableName partitionNames? charsetClause? (ROWS IDENTIFIED BY textString)?
    fieldsClause? linesClause? (IGNORE INTEGER_NUM (LINES | ROWS))?
    (LPAREN (loadTarget (COMMA loadTarget)*)? RPAREN)? (SET assignmentList)?
  ;

loadTarget: USER_VAR | columnRef;

fieldsClause: (FIELDS | COLUMNS) fieldsOption+;

fieldsOption: TERMINATED BY textString | OPTIONALLY? ENCLOSED BY textString | ESCAPED BY textString;

linesClause: LINES linesOption+;

linesOption: STARTING BY textString | TERMINATED BY textString;

callStatement: CALL qualifiedName (LPAREN (expr (COMMA expr)*)? RPAREN)?;

doStatement: DO expr (COMMA expr)*;

// ---------------------------------------------------------------- DDL

createTable
  : CREATE orReplace? TEMPORARY? TABLE ifNotExists? tableName
    ( LIKE tableName
    | LPAREN LIKE tableName RPAREN
    | (LPAREN tableElement (COMMA tableElement)* RPAREN)? tableOptionList? partitionClause?
      ((IGNORE | REPLACE)? AS? queryExpression)?
    )
  ;

ifNotExists: IF NOT EXISTS;

orReplace: OR REPLACE;  // MariaDB's CREATE OR REPLACE

ifExists: IF EXISTS;

tableElement: columnDefinition | tableConstraint;

columnDefinition: identifier dataType columnAttribute*;

dataType
  : dataTypeName (LPAREN typeArgument (COMMA typeArgument)* RPAREN)?
    (UNSIGNED | SIGNED | ZEROFILL | BINARY | charsetClause | COLLATE collationName)*
  ;

dataTypeName: identifier (PRECISION | VARYING)? | CHARACTER VARYING? | BINARY | SET | NATIONAL identifier | LONG identifier?;

typeArgument: INTEGER_NUM | textString;

charsetClause: (CHARACTER SET | CHARSET) EQ? charsetName;

charsetName: identifier | textString | BINARY;

collationName: identifier | textString | BINARY;

columnAttribute
  : NOT? NULL_SYM
  | DEFAULT simpleExpr
  | ON UPDATE simpleExpr
  | AUTO_INCREMENT
  | UNIQUE KEY?
  | PRIMARY? KEY
  | COMMENT textString
  | COLLATE collationName
  | charsetClause
  | COLUMN_FORMAT identifier
  | STORAGE identifier
  | SRID INTEGER_NUM
  | (GENERATED ALWAYS)? AS LPAREN expr RPAREN (VIRTUAL | STORED)?
  | VISIBLE
  | INVISIBLE
  | constraintName? CHECK LPAREN expr RPAREN (NOT? ENFORCED)?
  | referenceDefinition
  ;

tableConstraint
  : (INDEX | KEY) ifNotExists? identifier? indexType? keyPartList indexOption*
  | (FULLTEXT | SPATIAL) (INDEX | KEY)? ifNotExists? identifier? keyPartList indexOption*
  | constraintName? PRIMARY KEY indexType? keyPartList indexOption*
  | constraintName? UNIQUE (INDEX | KEY)? ifNotExists? identifier? indexType? keyPartList indexOption*
  | constraintName? FOREIGN KEY identifier? columnNameList referenceDefinition
  | constraintName? CHECK LPAREN expr RPAREN (NOT? ENFORCED)?
  ;

constraintName: CONSTRAINT identifier?;

referenceDefinition
  : REFERENCES tableName columnNameList? (MATCH (FULL | PARTIAL | SIMPLE))?
    (ON (UPDATE | DELETE) referenceOption)*
  ;

referenceOption: RESTRICT | CASCADE | SET NULL_SYM | SET DEFAULT | NO ACTION;

keyPartList: LPAREN keyPart (COMMA keyPart)* RPAREN;

keyPart: (identifier (LPAREN INTEGER_NUM RPAREN)? | LPAREN expr RPAREN) (ASC | DESC)?;

indexType: USING identifier;

indexOption
  : COMMENT textString
  | VISIBLE
  | INVISIBLE
  | indexType
  | WITH identifier identifier
  | TABLE_OPTION_NAME EQ? literal
  ;

tableOption
  : DEFAULT? charsetClause
  | DEFAULT? COLLATE EQ? collationName
  | tableOptionName EQ? (literal | identifier | DEFAULT)
  | UNION EQ? LPAREN tableName (COMMA tableName)* RPAREN
  | (DATA | INDEX) DIRECTORY EQ? textString
  ;

tableOptionList: tableOption (COMMA? tableOption)*;

tableOptionName
  : TABLE_OPTION_NAME | ENGINE | AUTO_INCREMENT | COMMENT | CONNECTION | PASSWORD | TABLESPACE
  | STORAGE | CHECKSUM | ENCRYPTION
  ;

partitionClause
  : PARTITION BY partitionMethod (PARTITIONS INTEGER_NUM)?
    (SUBPARTITION BY partitionMethod (SUBPARTITIONS INTEGER_NUM)?)?
    (LPAREN partitionDefinition (COMMA partitionDefinition)* RPAREN)?
  ;

partitionMethod
  : LINEAR? HASH LPAREN expr RPAREN
  | LINEAR? KEY (ALGORITHM EQ INTEGER_NUM)? columnNameList
  | (RANGE | LIST) (LPAREN expr RPAREN | COLUMNS columnNameList)
  ;

partitionDefinition
  : PARTITION identifier
    (VALUES (LESS THAN (LPAREN partitionValue (COMMA partitionValue)* RPAREN | MAXVALUE)
            | IN LPAREN partitionValue (COMMA partitionValue)* RPAREN))?
    partitionOption*
    (LPAREN subpartitionDefinition (COMMA subpartitionDefinition)* RPAREN)?
  ;

partitionValue: expr | MAXVALUE;

subpartitionDefinition: SUBPARTITION identifier partitionOption*;

partitionOption
  : STORAGE? ENGINE EQ? identifier
  | tableOptionName EQ? (literal | identifier)
  | (DATA | INDEX) DIRECTORY EQ? textString
  ;

alterTable: ALTER IGNORE? TABLE ifExists? tableName (alterItem (COMMA alterItem)*)? partitionClause?;

alterItem
  : tableOption
  | ADD COLUMN? ifNotExists? columnDefinition columnPosition?
  | ADD COLUMN? ifNotExists? LPAREN columnDefinition (COMMA columnDefinition)* RPAREN
  | ADD tableConstraint
  | CHANGE COLUMN? ifExists? identifier columnDefinition columnPosition?
  | MODIFY COLUMN? ifExists? columnDefinition columnPosition?
  | DROP (INDEX | KEY) ifExists? identifier
  | DROP PRIMARY KEY
  | DROP FOREIGN KEY ifExists? identifier
  | DROP (CHECK | CONSTRAINT) ifExists? identifier
  | DROP COLUMN? ifExists? identifier (RESTRICT | CASCADE)?
  | ALTER COLUMN? identifier (SET DEFAULT simpleExpr | DROP DEFAULT | SET (VISIBLE | INVISIBLE))
  | ALTER INDEX identifier (VISIBLE | INVISIBLE)
  | ALTER (CHECK | CONSTRAINT) identifier NOT? ENFORCED
  | RENAME COLUMN identifier TO identifier
  | RENAME (INDEX | KEY) identifier TO identifier
  | RENAME (TO | AS)? tableName
  | (ENABLE | DISABLE) KEYS
  | CONVERT TO charsetClause (COLLATE collationName)?
  | FORCE
  | ALGORITHM EQ? (identifier | DEFAULT)
  | LOCK EQ? (identifier | DEFAULT)
  | ORDER BY identifier (COMMA identifier)*
  | (WITH | WITHOUT) VALIDATION
  | ADD PARTITION ifNotExists? LPAREN partitionDefinition (COMMA partitionDefinition)* RPAREN
  | (DROP | DISCARD | IMPORT | TRUNCATE | OPTIMIZE | ANALYZE | CHECK | REPAIR | REBUILD)
      PARTITION ifExists? (ALL | identifier (COMMA identifier)*) TABLESPACE?
  | (DISCARD | IMPORT) TABLESPACE
  | COALESCE PARTITION INTEGER_NUM
  | REORGANIZE PARTITION (identifier (COMMA identifier)* INTO
      LPAREN partitionDefinition (COMMA partitionDefinition)* RPAREN)?
  | EXCHANGE PARTITION identifier WITH TABLE tableName ((WITH | WITHOUT) VALIDATION)?
  | REMOVE PARTITIONING
  | SECONDARY_LOAD | SECONDARY_UNLOAD
  ;

columnPosition: FIRST | AFTER identifier;

dropTable: DROP TEMPORARY? (TABLE | TABLES) ifExists? tableName (COMMA tableName)* (RESTRICT | CASCADE)?;

truncateTable: TRUNCATE TABLE? tableName (WAIT INTEGER_NUM | NOWAIT)?;  // MariaDB's WAIT / NOWAIT

renameTable: RENAME (TABLE | TABLES) ifExists? renamePair (COMMA renamePair)*;

renamePair: tableName TO tableName;

createIndex
  : CREATE orReplace? (UNIQUE | FULLTEXT | SPATIAL)? INDEX ifNotExists? identifier indexType? ON tableName keyPartList
    indexOption* indexLockOption*
  ;

indexLockOption: ALGORITHM EQ? (identifier | DEFAULT) | LOCK EQ? (identifier | DEFAULT);

dropIndex: DROP INDEX ifExists? indexName ON tableName indexLockOption*;

createView
  : CREATE orReplace? viewOption* VIEW ifNotExists? tableName columnNameList? AS queryExpression viewCheckOption?
  ;

alterView: ALTER viewOption* VIEW tableName columnNameList? AS queryExpression viewCheckOption?;

viewOption: ALGORITHM EQ identifier | definerClause | SQL SECURITY (DEFINER | INVOKER);

viewCheckOption: WITH (CASCADED | LOCAL)? CHECK OPTION;

definerClause: DEFINER EQ userName;

dropView: DROP VIEW ifExists? tableName (COMMA tableName)* (RESTRICT | CASCADE)?;

createDatabase: CREATE orReplace? (DATABASE | SCHEMA) ifNotExists? identifier databaseOption*;

alterDatabase: ALTER (DATABASE | SCHEMA) identifier? databaseOption+;

databaseOption
  : DEFAULT? charsetClause
  | DEFAULT? COLLATE EQ? collationName
  | DEFAULT? ENCRYPTION EQ? textString
  | READ ONLY EQ? (DEFAULT | INTEGER_NUM)
  ;

dropDatabase: DROP (DATABASE | SCHEMA) ifExists? identifier;

createTrigger
  : CREATE orReplace? definerClause? TRIGGER ifNotExists? qualifiedName (BEFORE | AFTER) (INSERT | UPDATE | DELETE)
    ON tableName FOR EACH ROW ((FOLLOWS | PRECEDES) identifier)? routineBody
  ;

dropTrigger: DROP TRIGGER ifExists? qualifiedName;

createRoutine
  : CREATE orReplace? definerClause? PROCEDURE ifNotExists? qualifiedName
    LPAREN (procedureParameter (COMMA procedureParameter)*)? RPAREN routineCharacteristic* routineBody
  | CREATE orReplace? definerClause? FUNCTION ifNotExists? qualifiedName
    LPAREN (functionParameter (COMMA functionParameter)*)? RPAREN RETURNS dataType
    routineCharacteristic* routineBody
  | CREATE orReplace? AGGREGATE? FUNCTION ifNotExists? identifier RETURNS identifier SONAME textString  // loadable
  ;

procedureParameter: (IN | OUT | INOUT)? identifier dataType;

functionParameter: identifier dataType;

routineCharacteristic
  : COMMENT textString
  | LANGUAGE SQL
  | NOT? DETERMINISTIC
  | CONTAINS SQL
  | NO SQL
  | READS SQL DATA
  | MODIFIES SQL DATA
  | SQL SECURITY (DEFINER | INVOKER)
  ;

// The body of a stored program is kept as opaque tokens.
routineBody: .+?;

// MariaDB: a compound statement outside a stored program (BEGIN NOT ATOMIC, IF, CASE, LOOP, WHILE,
// REPEAT, without a label); its body is kept as tokens.
compoundStatement: (BEGIN NOT ATOMIC | IF | CASE | LOOP | WHILE | REPEAT) routineBody;

// MariaDB sequences (tables of one row); the options never name a table and are kept as tokens.
sequenceStatement
  : CREATE orReplace? TEMPORARY? SEQUENCE ifNotExists? tableName routineBody?   # createSequence
  | ALTER SEQUENCE ifExists? tableName routineBody                             # alterSequence
  | DROP TEMPORARY? SEQUENCE ifExists? tableName (COMMA tableName)*            # dropSequence
  ;

alterRoutine: ALTER (PROCEDURE | FUNCTION) qualifiedName routineCharacteristic*;

dropRoutine: DROP (PROCEDURE | FUNCTION) ifExists? qualifiedName;

createEvent: CREATE orReplace? definerClause? EVENT ifNotExists? qualifiedName ON SCHEDULE routineBody;

alterEvent: ALTER definerClause? EVENT qualifiedName routineBody;

dropEvent: DROP EVENT ifExists? qualifiedName;

tablespaceStatement
  : (CREATE | ALTER) UNDO? TABLESPACE identifier routineBody?
  | DROP UNDO? TABLESPACE identifier routineBody?
  ;

// ---------------------------------------------------------------- TCL

beginStatement
  : BEGIN WORK?
  | START TRANSACTION (transactionCharacteristic (COMMA transactionCharacteristic)*)?
  ;

transactionCharacteristic: WITH CONSISTENT SNAPSHOT | READ ONLY | READ WRITE;

commitStatement: COMMIT WORK? (AND NO? CHAIN)? (NO? RELEASE)?;

rollbackStatement: ROLLBACK WORK? (TO SAVEPOINT? identifier | (AND NO? CHAIN)? (NO? RELEASE)?);

savepointStatement: SAVEPOINT identifier;

releaseSavepoint: RELEASE SAVEPOINT identifier;

xaStatement
  : XA (START | BEGIN) xid (JOIN | RESUME)?
  | XA END xid (SUSPEND (FOR MIGRATE)?)?
  | XA PREPARE xid
  | XA COMMIT xid (ONE PHASE)?
  | XA ROLLBACK xid
  | XA RECOVER (CONVERT XID)?
  ;

xid: xidPart (COMMA xidPart (COMMA INTEGER_NUM)?)?;

xidPart: textString | HEX_NUM;

lockTables: LOCK (TABLES | TABLE) lockItem (COMMA lockItem)*;

lockItem: tableName tableAlias? (READ LOCAL? | LOW_PRIORITY? WRITE);

unlockTables: UNLOCK (TABLES | TABLE);

setTransaction: SET (GLOBAL | SESSION)? TRANSACTION transactionOption (COMMA transactionOption)*;

transactionOption
  : ISOLATION LEVEL (READ UNCOMMITTED | READ COMMITTED | REPEATABLE READ | SERIALIZABLE)
  | READ WRITE
  | READ ONLY
  ;

// ---------------------------------------------------------------- DAL

setStatement: SET setItem (COMMA setItem)*;

setItem
  : variableScope? qualifiedName assignOperator setValue
  | USER_VAR assignOperator expr
  | SYSTEM_VAR assignOperator setValue
  | NAMES (charsetName (COLLATE collationName)? | DEFAULT)
  | (CHARACTER SET | CHARSET) (charsetName | DEFAULT)
  ;

variableScope: GLOBAL | SESSION | LOCAL | PERSIST | PERSIST_ONLY;

assignOperator: EQ | ASSIGN;

setValue: expr | ON | ALL | BINARY;

setPassword
  : SET PASSWORD (FOR userName)? (EQ textString | TO RANDOM) (REPLACE textString)? (RETAIN CURRENT PASSWORD)?
  ;

setRole: SET DEFAULT? ROLE (DEFAULT | NONE | ALL (EXCEPT userName (COMMA userName)*)? | userName (COMMA userName)*)
         (TO userName (COMMA userName)*)?;

setResourceGroup: SET RESOURCE GROUP identifier (FOR INTEGER_NUM (COMMA INTEGER_NUM)*)?;

showStatement
  : SHOW EXTENDED? FULL? TABLES fromSchema? showFilter?                                  # showTables
  | SHOW TABLE STATUS fromSchema? showFilter?                                  # showTableStatus
  | SHOW EXTENDED? FULL? (COLUMNS | FIELDS) (FROM | IN) tableName fromSchema? showFilter?  # showColumns
  | SHOW EXTENDED? (INDEX | INDEXES | KEYS) (FROM | IN) tableName fromSchema? whereClause? # showIndex
  | SHOW CREATE (TABLE | VIEW | SEQUENCE) tableName                            # showCreateTable
  | SHOW CREATE (DATABASE | SCHEMA) ifNotExists? identifier                    # showCreateDatabase
  | SHOW CREATE (PROCEDURE | FUNCTION | TRIGGER | EVENT) qualifiedName          # showCreateRoutine
  | SHOW CREATE USER userName                                                  # showCreateUser
  | SHOW (DATABASES | SCHEMAS) showFilter?                                     # showDatabases
  | SHOW variableScope? (VARIABLES | STATUS) showFilter?                       # showVariables
  | SHOW (WARNINGS | ERRORS) limitClause?                                      # showWarnings
  | SHOW COUNT LPAREN STAR RPAREN (WARNINGS | ERRORS)                          # showCount
  | SHOW FULL? PROCESSLIST                                                     # showProcesslist
  | SHOW GRANTS (FOR userName (USING userName (COMMA userName)*)?)?            # showGrants
  | SHOW (CHARACTER SET | CHARSET | COLLATION) showFilter?                     # showCharset
  | SHOW STORAGE? ENGINES                                                      # showEngines
  | SHOW ENGINE identifier (STATUS | MUTEX)                                    # showEngine
  | SHOW (PROCEDURE | FUNCTION) (STATUS showFilter? | CODE qualifiedName)      # showRoutineStatus
  | SHOW (TRIGGERS | EVENTS) fromSchema? showFilter?                           # showTriggers
  | SHOW OPEN TABLES fromSchema? showFilter?                                   # showOpenTables
  | SHOW (PLUGINS | PRIVILEGES | PROFILES | REPLICAS | SLAVE HOSTS)            # showServerLists
  | SHOW PROFILE (profileType (COMMA profileType)*)? (FOR QUERY INTEGER_NUM)? limitClause? # showProfile
  | SHOW (MASTER | BINARY | REPLICA | SLAVE) (STATUS | LOGS) channelClause?    # showReplication
  | SHOW (BINLOG | RELAYLOG) EVENTS (IN textString)? (FROM INTEGER_NUM)? limitClause? channelClause? # showBinlogEvents
  ;

profileType: ALL | identifier identifier?;  // CPU, BLOCK IO, CONTEXT SWITCHES, PAGE FAULTS, ...

fromSchema: (FROM | IN) identifier;

showFilter: LIKE textString | whereClause;

useStatement: USE identifier;

describeStatement: (DESCRIBE | DESC | EXPLAIN) tableName (identifier | textString)?;

explainStatement
  : (DESCRIBE | DESC | EXPLAIN)
    (ANALYZE (FORMAT EQ identifier)? | EXTENDED | PARTITIONS | FORMAT EQ identifier (INTO USER_VAR)?)?
    (selectStatement | insertStatement | updateStatement | deleteStatement)
  | (DESCRIBE | DESC | EXPLAIN) (FORMAT EQ identifier)? FOR CONNECTION INTEGER_NUM
  ;

tableMaintenance
  : (ANALYZE | OPTIMIZE | REPAIR) (NO_WRITE_TO_BINLOG | LOCAL)? (TABLE | TABLES)
    tableName (COMMA tableName)* maintenanceOption*
  | CHECK (TABLE | TABLES) tableName (COMMA tableName)* maintenanceOption*
  ;

maintenanceOption
  : UPDATE HISTOGRAM ON identifier (COMMA identifier)* (WITH INTEGER_NUM BUCKETS | USING DATA textString)?
  | DROP HISTOGRAM ON identifier (COMMA identifier)*
  | FOR UPGRADE | QUICK | FAST | MEDIUM | EXTENDED | CHANGED | USE_FRM
  ;

killStatement: KILL (CONNECTION | QUERY)? expr;

flushStatement
  : FLUSH (NO_WRITE_TO_BINLOG | LOCAL)?
    ( (TABLES | TABLE) (tableName (COMMA tableName)*)? (WITH READ LOCK | FOR EXPORT)?
    | flushOption (COMMA flushOption)*
    )
  ;

flushOption: (BINARY | identifier)? LOGS | RELAY LOGS channelClause? | identifier;

resetStatement
  : RESET PERSIST ifExists? identifier?
  | RESET resetOption (COMMA resetOption)*
  ;

resetOption: MASTER (TO INTEGER_NUM)? | QUERY CACHE;

createResourceGroup: CREATE RESOURCE GROUP identifier routineBody;

alterResourceGroup: ALTER RESOURCE GROUP identifier routineBody;

dropResourceGroup: DROP RESOURCE GROUP identifier FORCE?;

helpStatement: HELP textString;

// ---------------------------------------------------------------- prepared statements, HANDLER, diagnostics

prepareStatement: PREPARE identifier FROM (textString | USER_VAR);

executeStatement: EXECUTE identifier (USING USER_VAR (COMMA USER_VAR)*)?;

deallocatePrepare: (DEALLOCATE | DROP) PREPARE identifier;

handlerStatement
  : HANDLER tableName OPEN tableAlias?
  | HANDLER tableName READ handlerPosition whereClause? limitClause?
  | HANDLER tableName CLOSE
  ;

handlerPosition
  : FIRST | NEXT
  | indexName (EQ | LE | GE | LT | GT) LPAREN expr (COMMA expr)* RPAREN
  | indexName (FIRST | NEXT | PREV | LAST)
  ;

signalStatement: SIGNAL conditionValue signalSet?;

resignalStatement: RESIGNAL conditionValue? signalSet?;

conditionValue: SQLSTATE VALUE? textString | identifier;

signalSet: SET signalItem (COMMA signalItem)*;

signalItem: identifier EQ expr;

getDiagnostics
  : GET (CURRENT | STACKED)? DIAGNOSTICS
    (diagnosticsItem (COMMA diagnosticsItem)* | CONDITION expr diagnosticsItem (COMMA diagnosticsItem)*)
  ;

diagnosticsItem: (USER_VAR | identifier) EQ identifier;

// ---------------------------------------------------------------- server administration

serverStatement
  : INSTALL PLUGIN identifier SONAME textString                                       # installPlugin
  | UNINSTALL PLUGIN identifier                                                        # uninstallPlugin
  | INSTALL COMPONENT textString (COMMA textString)*
      (SET componentVariable (COMMA componentVariable)*)?                              # installComponent
  | UNINSTALL COMPONENT textString (COMMA textString)*                                 # uninstallComponent
  | CHECKSUM (TABLE | TABLES) tableName (COMMA tableName)* (QUICK | EXTENDED)?         # checksumTable
  | CACHE INDEX keyCacheItem (COMMA keyCacheItem)* IN (identifier | DEFAULT)           # cacheIndex
  | LOAD INDEX INTO CACHE keyCacheItem (COMMA keyCacheItem)*                           # loadIndex
  | SHUTDOWN                                                                           # shutdown
  | RESTART                                                                            # restart
  | CLONE LOCAL DATA DIRECTORY EQ? textString                                          # cloneLocal
  | CLONE INSTANCE FROM userName COLON INTEGER_NUM IDENTIFIED BY textString
      (DATA DIRECTORY EQ? textString)? (IDENTIFIER NO? IDENTIFIER)?                    # cloneInstance
  | LOCK INSTANCE FOR BACKUP                                                           # lockInstance
  | UNLOCK INSTANCE                                                                    # unlockInstance
  | ALTER INSTANCE routineBody                                                         # alterInstance
  | BINLOG textString                                                                  # binlog
  | IMPORT TABLE FROM textString (COMMA textString)*                                   # importTable
  | CREATE orReplace? SERVER ifNotExists? identifier routineBody                      # createServer
  | ALTER SERVER identifier routineBody                                                # alterServer
  | DROP SERVER ifExists? identifier                                                   # dropServer
  | (CREATE | ALTER) LOGFILE GROUP identifier routineBody                              # logfileGroup
  | DROP LOGFILE GROUP identifier routineBody?                                         # dropLogfileGroup
  | CREATE orReplace? SPATIAL REFERENCE SYSTEM ifNotExists? INTEGER_NUM routineBody    # createSpatialReferenceSystem
  | DROP SPATIAL REFERENCE SYSTEM ifExists? INTEGER_NUM                                # dropSpatialReferenceSystem
  ;

componentVariable: variableScope? qualifiedName assignOperator setValue;

// CACHE INDEX / LOAD INDEX INTO CACHE: a table, some of its partitions and indexes.
keyCacheItem
  : tableName (PARTITION LPAREN (ALL | identifier (COMMA identifier)*) RPAREN)?
    ((INDEX | KEY) LPAREN (indexName (COMMA indexName)*)? RPAREN)? (IGNORE LEAVES)?
  ;

// ---------------------------------------------------------------- replication

replicationStatement
  : CHANGE (MASTER | REPLICATION SOURCE) TO replicationOption (COMMA replicationOption)* channelClause? # changeReplicationSource
  | CHANGE REPLICATION FILTER (filterRule (COMMA filterRule)*)? channelClause?                # changeReplicationFilter
  | START (REPLICA | SLAVE) replicaThreads? (UNTIL replicaUntil (COMMA replicaUntil)*)?
      replicaConnection* channelClause?                                                       # startReplica
  | STOP (REPLICA | SLAVE) replicaThreads? channelClause?                                     # stopReplica
  | RESET (REPLICA | SLAVE) ALL? channelClause?                                               # resetReplica
  | START GROUP_REPLICATION (replicaConnection (COMMA replicaConnection)*)?                   # startGroupReplication
  | STOP GROUP_REPLICATION                                                                    # stopGroupReplication
  | PURGE (BINARY | MASTER) LOGS (TO textString | BEFORE expr)                                # purgeBinaryLogs
  ;

replicationOption: identifier EQ replicationValue;

replicationValue
  : literal USER_VAR?
  | identifier
  | LPAREN (replicationValue (COMMA replicationValue)*)? RPAREN
  ;

filterRule: identifier EQ LPAREN (filterValue (COMMA filterValue)*)? RPAREN;

filterValue: tableName | textString | LPAREN filterValue COMMA filterValue RPAREN;

channelClause: FOR CHANNEL (identifier | textString);

replicaThreads: IDENTIFIER (COMMA IDENTIFIER)*;  // IO_THREAD, SQL_THREAD

replicaUntil: identifier (EQ literal)?;

replicaConnection: (USER | PASSWORD | IDENTIFIER) EQ textString;

// ---------------------------------------------------------------- DCL

grantStatement
  : GRANT privilege (COMMA privilege)* (ON grantObject)? TO userName (COMMA userName)*
    (WITH (GRANT | ADMIN) OPTION)? routineBody?
  | GRANT PROXY ON userName TO userName (COMMA userName)* (WITH GRANT OPTION)?
  ;

revokeStatement
  : REVOKE ifExists? privilege (COMMA privilege)* (ON grantObject)? FROM userName (COMMA userName)*
    (IGNORE UNKNOWN USER)?
  | REVOKE ifExists? PROXY ON userName FROM userName (COMMA userName)*
  ;

privilege: ALL PRIVILEGES? | privilegeWord+ columnNameList? | textString USER_VAR?;

privilegeWord
  : identifier | SELECT | INSERT | UPDATE | DELETE | CREATE | DROP | ALTER | INDEX | REFERENCES
  | GRANT | OPTION | SHOW | LOCK | USAGE | TRIGGER | DATABASES | TABLES | TEMPORARY | VIEW
  | EXECUTE | EVENT | ROUTINE | USER | PROCESS | RELOAD | FILE | SUPER | REPLICATION | SLAVE
  | CLIENT | SHUTDOWN | ROLE | TABLESPACE
  ;

grantObject: (TABLE | FUNCTION | PROCEDURE)? privilegeLevel;

privilegeLevel
  : STAR (DOT STAR)?             # allSchemas
  | identifier DOT STAR          # schemaObjects
  | tableName                    # tableObject
  ;

userName
  : (identifier | textString) (USER_VAR | AT_SIGN (identifier | textString))?
  | CURRENT_USER (LPAREN RPAREN)?
  ;

userSpec: userName (IDENTIFIED (WITH identifier)? (BY (textString | RANDOM PASSWORD) | AS textString))?;

createUser: CREATE orReplace? USER ifNotExists? userSpec (COMMA userSpec)* routineBody?;

dropUser: DROP USER ifExists? userName (COMMA userName)*;

alterUser: ALTER USER ifExists? userSpec (COMMA userSpec)* routineBody?;

renameUser: RENAME USER userName TO userName (COMMA userName TO userName)*;

createRole: CREATE orReplace? ROLE ifNotExists? userName (COMMA userName)*;

dropRole: DROP ROLE ifExists? userName (COMMA userName)*;

// ---------------------------------------------------------------- expressions

// ANTLR gives earlier alternatives higher precedence. Comparison and IS share MySQL's level and
// associate to the left; predicates (IN, BETWEEN, LIKE, ...) bind tighter, on a bitExpr operand.
expr
  : expr comparisonOperator expr                                            # comparison
  | expr comparisonOperator (ALL | ANY | SOME) LPAREN queryExpression RPAREN # quantifiedComparison
  | expr IS NOT? (NULL_SYM | TRUE | FALSE | UNKNOWN)                         # isExpr
  | NOT expr                                                                 # notExpr
  | expr (AND | AND2) expr                                                   # andExpr
  | expr XOR expr                                                            # xorExpr
  | expr (OR | OR2) expr                                                     # orExpr
  | bitExpr predicateSuffix?                                                 # predicateExpr
  ;

comparisonOperator: EQ | NULL_SAFE_EQ | NE | NE2 | LT | GT | LE | GE;

predicateSuffix
  : NOT? IN LPAREN (queryExpression | expr (COMMA expr)*) RPAREN    # inSuffix
  | NOT? BETWEEN bitExpr AND bitExpr                                # betweenSuffix
  | SOUNDS LIKE bitExpr                                             # soundsLikeSuffix
  | NOT? LIKE simpleExpr (ESCAPE simpleExpr)?                       # likeSuffix
  | NOT? (REGEXP | RLIKE) bitExpr                                   # regexpSuffix
  | MEMBER OF? LPAREN simpleExpr RPAREN                             # memberOfSuffix
  ;

bitExpr
  : bitExpr BIT_XOR bitExpr                                   # bitBinary
  | bitExpr (STAR | SLASH | PERCENT | DIV | MOD) bitExpr      # bitBinary
  | bitExpr (PLUS | MINUS) bitExpr                            # bitBinary
  | bitExpr (SHIFT_LEFT | SHIFT_RIGHT) bitExpr                # bitBinary
  | bitExpr BIT_AND bitExpr                                   # bitBinary
  | bitExpr BIT_OR bitExpr                                    # bitBinary
  | simpleExpr                                                # bitSimple
  ;

// Unary operators and primaries share one rule to keep the rule chain per operand short.
simpleExpr
  : simpleExpr COLLATE collationName                                    # collateExpr
  | (MINUS | PLUS | TILDE | BANG | BINARY) simpleExpr                   # unaryExpr
  | literal                                                             # literalPrimary
  | PARAM                                                               # paramPrimary
  | columnRef ((JSON_EXTRACT | JSON_UNQUOTE) textString)?               # columnPrimary
  | (NEXT | PREVIOUS) VALUE FOR tableName                                 # sequencePrimary
  | functionCall                                                        # functionPrimary
  | USER_VAR                                                            # variablePrimary
  | SYSTEM_VAR                                                          # variablePrimary
  | USER_VAR ASSIGN expr                                                # assignPrimary
  | LPAREN queryExpression RPAREN                                       # subqueryPrimary
  | LPAREN expr (COMMA expr)* RPAREN                                    # parenPrimary
  | ROW LPAREN expr (COMMA expr)+ RPAREN                                # rowPrimary
  | EXISTS LPAREN queryExpression RPAREN                                # existsPrimary
  | CASE expr? (WHEN expr THEN expr)+ (ELSE expr)? END                  # casePrimary
  | INTERVAL expr identifier                                            # intervalPrimary
  | DEFAULT (LPAREN columnRef RPAREN)?                                  # defaultPrimary
  | MATCH LPAREN columnRef (COMMA columnRef)* RPAREN AGAINST
      LPAREN bitExpr searchModifier? RPAREN                             # matchPrimary
  | LBRACE identifier expr RBRACE                                       # odbcPrimary
  ;

searchModifier
  : IN NATURAL LANGUAGE MODE (WITH QUERY EXPANSION)?
  | IN BOOLEAN MODE
  | WITH QUERY EXPANSION
  ;

functionCall
  : CAST LPAREN expr AS castType ARRAY? RPAREN                                  # castCall
  | CONVERT LPAREN expr (COMMA castType | USING charsetName) RPAREN             # convertCall
  | EXTRACT LPAREN identifier FROM expr RPAREN                                  # extractCall
  | (SUBSTRING | SUBSTR) LPAREN expr (COMMA expr (COMMA expr)? | FROM expr (FOR expr)?) RPAREN # substringCall
  | TRIM LPAREN ((LEADING | TRAILING | BOTH) expr? FROM expr | expr (FROM expr)?) RPAREN # trimCall
  | POSITION LPAREN bitExpr IN expr RPAREN                                      # positionCall
  | (CURRENT_TIMESTAMP | CURRENT_DATE | CURRENT_TIME | LOCALTIME | LOCALTIMESTAMP
     | UTC_TIMESTAMP | UTC_DATE | UTC_TIME | CURRENT_USER) (LPAREN INTEGER_NUM? RPAREN)? # niladicCall
  | (NEXTVAL | LASTVAL | SETVAL) LPAREN tableName (COMMA expr)* RPAREN          # sequenceCall
  | WEIGHT_STRING LPAREN expr (AS castType)? RPAREN                             # weightStringCall
  | JSON_VALUE LPAREN expr COMMA expr (RETURNING castType)? jsonValueResponse* RPAREN # jsonValueCall
  | functionName LPAREN (DISTINCT | ALL)? (STAR | functionArguments)? RPAREN
      (respectNulls)? overClause?                                               # genericCall
  ;

respectNulls: (RESPECT | IGNORE) NULLS;

jsonValueResponse: (NULL_SYM | ERROR | DEFAULT literal) ON (EMPTY | ERROR);

functionName: qualifiedName | IF | INSERT | REPLACE | LEFT | RIGHT | MOD | DATABASE | SCHEMA | VALUES | INTERVAL | REPEAT;

functionArguments
  : expr (COMMA expr)* (USING charsetName)? orderByClause? (SEPARATOR textString)?
  ;

overClause: OVER (LPAREN windowSpec RPAREN | identifier);

castType
  : (BINARY | CHARACTER | identifier) (LPAREN INTEGER_NUM (COMMA INTEGER_NUM)? RPAREN)?
    identifier? charsetClause?
  ;

columnRef: identifier (DOT (identifier | reservedWord) (DOT (identifier | reservedWord))?)?;

literal
  : textString                                   # stringLiteral
  | INTEGER_NUM                                  # integerLiteral
  | DECIMAL_NUM                                  # decimalLiteral
  | FLOAT_NUM                                    # floatLiteral
  | HEX_NUM                                      # hexLiteral
  | BIT_NUM                                      # bitLiteral
  | (DATE | TIME | TIMESTAMP) textString         # temporalLiteral
  | (TRUE | FALSE)                               # boolLiteral
  | NULL_SYM                                         # nullLiteral
  ;

textString: (STRING | DQ_STRING | NATIONAL_STRING | CHARSET_STRING) (STRING | DQ_STRING)*;

// ---------------------------------------------------------------- names

// A word after a dot is a name, reserved or not (t.select, db.range). The two alternatives are
// written inline, not as a rule of their own: a rule level per name part costs every column.
tableName: identifier (DOT (identifier | reservedWord))?;

qualifiedName: identifier (DOT identifier)?;

columnNameList: LPAREN (columnRef (COMMA columnRef)*)? RPAREN;

// Keywords MySQL lets a statement use as identifiers are listed inline (one token-set match).
identifier
  : IDENTIFIER | QUOTED_IDENTIFIER
  | ACTION | ADMIN | AFTER | AGAINST | ALGORITHM | ALWAYS | ANY | AUTO_INCREMENT | BEGIN | BINLOG
  | BOOLEAN | BUCKETS | CASCADED | CHAIN | CHANGED | CHARSET | CHECKSUM | CLIENT | COALESCE | CODE
  | COLLATION | COLUMNS | COLUMN_FORMAT | COMMENT | COMMIT | COMMITTED | CONCURRENT | CONNECTION
  | CONSISTENT | CONTAINS | COUNT | CURRENT | DATA | DATE | DEFINER | DIRECTORY | DISABLE | DISCARD
  | DO | DUMPFILE | DUPLICATE | ENABLE | ENCRYPTION | END | ENFORCED | ENGINE | ENGINES | ERRORS
  | ESCAPE | EVENT | EVENTS | EXCHANGE | EXECUTE | EXPANSION | EXPORT | EXTENDED | FAST | FIELDS
  | FILE | FIRST | FLUSH | FOLLOWING | FOLLOWS | FORMAT | FULL | FUNCTION | GLOBAL | GRANTS | HASH
  | HELP | HISTOGRAM | HOSTS | IDENTIFIED | IMPORT | INDEXES | INVISIBLE | INVOKER | ISOLATION
  | LANGUAGE | LESS | LEVEL | LIST | LOCAL | LOCKED | LOGS | MASTER | MEDIUM | MEMBER | MIGRATE
  | MODE | MODIFY | MUTEX | NAMES | NATIONAL | NO | NONE | NOWAIT | NULLS | OFFSET | ONE | ONLY
  | OPEN | PARTIAL | PARTITIONING | PARTITIONS | PASSWORD | PERSIST | PERSIST_ONLY | PHASE | PLUGINS
  | POSITION | PRECEDES | PRECEDING | PREPARE | PRIVILEGES | PROCESS | PROCESSLIST | PROFILE
  | PROFILES | PROXY | QUERY | QUICK | RANDOM | REBUILD | RECOVER | RELAY | RELAYLOG | RELOAD
  | REMOVE | REORGANIZE | REPAIR | REPEATABLE | REPLICA | REPLICAS | REPLICATION | RESET | RESOURCE
  | RESPECT | RESUME | RETURNS | ROLE | ROLLBACK | ROLLUP | ROUTINE | SAVEPOINT | SCHEDULE | SECURITY
  | SERIALIZABLE | SESSION | SHARE | SHUTDOWN | SIGNED | SIMPLE | SKIP_KW | SLAVE | SNAPSHOT | SOME
  | SOUNDS | SRID | START | STATUS | STORAGE | SUBPARTITION | SUBPARTITIONS | SUPER | SUSPEND
  | TABLES | TABLESPACE | TEMPORARY | THAN | TIME | TIMESTAMP | TRANSACTION | TRIGGERS | TRUNCATE
  | UNBOUNDED | UNCOMMITTED | UNKNOWN | UNSIGNED | UPGRADE | USER | USE_FRM | VALIDATION | VALUE
  | VARIABLES | VIEW | VISIBLE | WARNINGS | WITHOUT | WORK | XA | XID | XML | TABLE_OPTION_NAME
  | EMPTY | ERROR | NESTED | ORDINALITY | PATH
  | CLOSE | DEALLOCATE | DIAGNOSTICS | HANDLER | LAST | NEXT | PREV | STACKED
  | ARRAY | CAST | EXTRACT | SQL_BUFFER_RESULT | SQL_CACHE | SQL_NO_CACHE | SUBSTR | SUBSTRING | TRIM
  | AGGREGATE | BACKUP | CACHE | CHANNEL | CLONE | COMPONENT | FILTER | GROUP_REPLICATION | INSTALL
  | INSTANCE | LEAVES | LOGFILE | PLUGIN | REFERENCE | RESTART | RETAIN | RETURNING | SERVER | SONAME
  | SOURCE | STOP | UNINSTALL | UNTIL | ATOMIC | SEQUENCE | WAIT | PREVIOUS | NEXTVAL | LASTVAL | SETVAL
  | SECONDARY_LOAD | SECONDARY_UNLOAD | JSON_VALUE | WEIGHT_STRING
  ;

// The keywords of this grammar that MySQL 8.0 reserves: names only back-quoted or after a dot.
reservedWord
  : ADD | ALL | ALTER | ANALYZE | AND | AS | ASC | BEFORE | BETWEEN | BINARY | BOTH | BY | CALL
  | CASCADE | CASE | CHANGE | CHARACTER | CHECK | COLLATE | COLUMN | CONDITION | CONSTRAINT | CONVERT
  | CREATE | CROSS | CURRENT_DATE | CURRENT_TIME | CURRENT_TIMESTAMP | CURRENT_USER | DATABASE
  | DATABASES | DEFAULT | DELAYED | DELETE | DESC | DESCRIBE | DETERMINISTIC | DISTINCT | DISTINCTROW
  | DIV | DROP | DUAL | EACH | ELSE | ENCLOSED | ESCAPED | EXCEPT | EXISTS | EXPLAIN | FALSE | FOR
  | FORCE | FOREIGN | FROM | FULLTEXT | GENERATED | GET | GRANT | GROUP | HAVING | HIGH_PRIORITY | IF
  | IGNORE | IN | INDEX | INFILE | INNER | INOUT | INSERT | INTERSECT | INTERVAL | INTO | IS | JOIN
  | KEY | KEYS | KILL | LATERAL | LEADING | LEFT | LIKE | LIMIT | LINEAR | LINES | LOAD | LOCALTIME
  | LOCALTIMESTAMP | LOCK | LONG | LOW_PRIORITY | MATCH | MAXVALUE | MOD | MODIFIES | NATURAL | NOT
  | NO_WRITE_TO_BINLOG | NULL_SYM | OF | ON | OPTIMIZE | OPTION | OPTIONALLY | OR | ORDER | OUT | OUTER
  | OUTFILE | OVER | PARTITION | PRECISION | PRIMARY | PROCEDURE | RANGE | READ | READS | RECURSIVE
  | REFERENCES | REGEXP | RELEASE | RENAME | REPLACE | RESIGNAL | RESTRICT | REVOKE | RIGHT | RLIKE
  | ROW | ROWS | SCHEMA | SCHEMAS | SELECT | SEPARATOR | SET | SHOW | SIGNAL | SPATIAL | SQL | SQLSTATE
  | SQL_BIG_RESULT | SQL_CALC_FOUND_ROWS | SQL_SMALL_RESULT | STARTING | STORED | STRAIGHT_JOIN | TABLE
  | TERMINATED | THEN | TO | TRAILING | TRIGGER | TRUE | UNDO | UNION | UNIQUE | UNLOCK | UPDATE | USAGE
  | USE | USING | UTC_DATE | UTC_TIME | UTC_TIMESTAMP | VALUES | VARYING | VIRTUAL | WHEN | WHERE
  | WINDOW | WITH | WRITE | XOR | JSON_TABLE | ZEROFILL | PURGE | SYSTEM | LOOP | REPEAT | WHILE
  ;
