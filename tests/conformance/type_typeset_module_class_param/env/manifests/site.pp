include ts
